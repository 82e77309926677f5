/**
 * Standard 5-field cron expressions as crontab(5) reads them: minute hour day-of-month month day-of-week,
 * each `*`, a value, a range `1-5`, a step `*\/15` or `0-30/10`, or a comma list of these; months and days
 * of the week also by name (`jan`-`dec`, `sun`-`sat`), and day of week 7 is Sunday like 0. Written here
 * rather than taken from a package: the scan schedule is its only user and needs nothing more.
 */
export interface CronExpression {
  /** As written, in lower case with single spaces: what the Settings page shows and saves. */
  readonly text: string;
  /** Indexed by value: minutes 0-59, hours 0-23, days of month 1-31, months 1-12, days of week 0-6. */
  readonly minutes: readonly boolean[];
  readonly hours: readonly boolean[];
  readonly daysOfMonth: readonly boolean[];
  readonly months: readonly boolean[];
  readonly daysOfWeek: readonly boolean[];
  /**
   * crontab(5)'s rule: when both day fields are restricted (neither starts with `*`), a day matching either
   * one runs; otherwise a day must match both (a `*` field matches every day).
   */
  readonly eitherDay: boolean;
}

/** Why a text is not a cron expression the scheduler can run. */
export class InvalidCronExpression extends Error {}

interface Field {
  name: string;
  min: number;
  max: number;
  /** Names of the values from `min` up. */
  names?: readonly string[];
}

const MONTH_NAMES = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

const MINUTE: Field = { name: 'minute', min: 0, max: 59 };
const HOUR: Field = { name: 'hour', min: 0, max: 23 };
const DAY_OF_MONTH: Field = { name: 'day of month', min: 1, max: 31 };
const MONTH: Field = { name: 'month', min: 1, max: 12, names: MONTH_NAMES };
// 0-7 so that `*/2` steps as crontab(5) does; 7 is folded onto Sunday (0) afterwards.
const DAY_OF_WEEK: Field = { name: 'day of week', min: 0, max: 7, names: DAY_NAMES };

/** The most days each month can have (February: in a leap year). */
const DAYS_IN_MONTH = [0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The expression the text names; throws InvalidCronExpression saying which field is wrong and why. */
export function parseCronExpression(text: string): CronExpression {
  const fields = text.trim().toLowerCase().split(/\s+/);
  if (fields.length !== 5) throw new InvalidCronExpression(`has ${fields.length} fields, not 5`);
  const [minute, hour, dayOfMonth, month, dayOfWeek] = fields as [string, string, string, string, string];
  const daysOfWeek = parseField(dayOfWeek, DAY_OF_WEEK);
  if (daysOfWeek[7]) daysOfWeek[0] = true;
  const cron: CronExpression = {
    text: fields.join(' '),
    minutes: parseField(minute, MINUTE),
    hours: parseField(hour, HOUR),
    daysOfMonth: parseField(dayOfMonth, DAY_OF_MONTH),
    months: parseField(month, MONTH),
    daysOfWeek: daysOfWeek.slice(0, 7),
    eitherDay: !dayOfMonth.startsWith('*') && !dayOfWeek.startsWith('*'),
  };
  if (!cron.eitherDay && !someMonthHasADay(cron)) {
    throw new InvalidCronExpression('never runs: none of the months it names has any of its days of month');
  }
  return cron;
}

/**
 * The first whole minute after `after` (local time) that the expression names. It skips a month or a day
 * at a time while those do not match, so even a leap-day schedule is found in a few hundred steps.
 */
export function nextCronTime(cron: CronExpression, after: Date): Date {
  // Minutes and hours advance in absolute time: a local-time setter inside the hour repeated when clocks go
  // back would land on its first pass, before `after`. Days and months start at local midnight.
  let time = new Date((Math.floor(after.getTime() / 60_000) + 1) * 60_000);
  // The Gregorian calendar repeats every 400 years: an expression that matches at all matches within them.
  const lastYear = after.getFullYear() + 400;
  while (time.getFullYear() <= lastYear) {
    if (!cron.months[time.getMonth() + 1]) {
      time = new Date(time.getFullYear(), time.getMonth() + 1, 1);
    } else if (!dayMatches(cron, time)) {
      time = new Date(time.getFullYear(), time.getMonth(), time.getDate() + 1);
    } else if (!cron.hours[time.getHours()]) {
      time = new Date(time.getTime() + (60 - time.getMinutes()) * 60_000);
    } else if (!cron.minutes[time.getMinutes()]) {
      time = new Date(time.getTime() + 60_000);
    } else {
      return time;
    }
  }
  // parseCronExpression refuses an expression that never matches, so this is a bug, not a setting.
  throw new Error(`cron expression "${cron.text}" matched no minute in 400 years`);
}

function dayMatches(cron: CronExpression, time: Date): boolean {
  const ofMonth = cron.daysOfMonth[time.getDate()] === true;
  const ofWeek = cron.daysOfWeek[time.getDay()] === true;
  return cron.eitherDay ? ofMonth || ofWeek : ofMonth && ofWeek;
}

/**
 * Whether a chosen month has a chosen day of month. Every date falls on each day of the week in some
 * year, so when both day fields must match this is the only way an expression can never run.
 */
function someMonthHasADay(cron: CronExpression): boolean {
  return DAYS_IN_MONTH.some(
    (days, month) => cron.months[month] === true && cron.daysOfMonth.slice(1, days + 1).includes(true),
  );
}

/** One field's values as flags indexed by value (`max + 1` long). */
function parseField(text: string, field: Field): boolean[] {
  const values = new Array<boolean>(field.max + 1).fill(false);
  for (const part of text.split(',')) {
    const [range = '', step, extra] = part.split('/');
    if (extra !== undefined) throw invalidPart(field, part, 'has more than one step');
    const [low, high] = range === '*' ? [field.min, field.max] : rangeBounds(range, field, part);
    if (step !== undefined) {
      if (!/^\d+$/.test(step) || Number(step) < 1)
        throw invalidPart(field, part, 'needs a step of 1 or more');
      // crontab(5) steps only a range or `*`: `5/15` is refused rather than guessed at.
      if (range !== '*' && !range.includes('-')) throw invalidPart(field, part, 'steps a single value');
    }
    for (let value = low; value <= high; value += Number(step ?? 1)) values[value] = true;
  }
  return values;
}

function rangeBounds(range: string, field: Field, part: string): [number, number] {
  const ends = range.split('-');
  if (ends.length > 2) throw invalidPart(field, part, 'is not a value or a range');
  const low = fieldValue(ends[0] ?? '', field, part);
  let high = ends.length === 2 ? fieldValue(ends[1] ?? '', field, part) : low;
  // A range ending on Sunday (`fri-sun`, `5-0`) ends at 7, not at 0 (which would run backwards).
  if (field === DAY_OF_WEEK && high === 0 && low > 0) high = 7;
  if (high < low) throw invalidPart(field, part, 'is a range that runs backwards');
  return [low, high];
}

function fieldValue(text: string, field: Field, part: string): number {
  const named = field.names?.indexOf(text) ?? -1;
  if (named >= 0) return field.min + named;
  if (!/^\d+$/.test(text)) {
    const names = field.names ? ` or ${field.names[0]}-${field.names.at(-1)}` : '';
    throw invalidPart(field, part, `is not a number${names}`);
  }
  const value = Number(text);
  if (value < field.min || value > field.max) {
    throw invalidPart(field, part, `is outside ${field.min}-${field.max}`);
  }
  return value;
}

function invalidPart(field: Field, part: string, reason: string): InvalidCronExpression {
  return new InvalidCronExpression(`${field.name} "${part}" ${reason}`);
}
