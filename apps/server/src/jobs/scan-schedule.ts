import {
  type CronExpression,
  InvalidCronExpression,
  nextCronTime,
  parseCronExpression,
} from './cron-expression.js';

/**
 * When the scheduled whole-library scan runs, in the server's local time: `off`, `daily HH:MM`, or a
 * 5-field cron expression (cron-expression.ts). The forms SASAYAKI_SCAN_SCHEDULE takes; config/config.ts
 * parses it once.
 */
export type ScanSchedule =
  | { kind: 'off' }
  | { kind: 'daily'; hour: number; minute: number }
  | { kind: 'cron'; cron: CronExpression };

/** What a refusal says is accepted. */
export const SCAN_SCHEDULE_FORMS =
  'expected "off", "daily HH:MM" or a cron expression of 5 fields (minute hour day-of-month month ' +
  'day-of-week, e.g. "0 4 * * *" or "30 3 * * mon-fri")';

/** Why a schedule's text was refused; the message names the accepted forms (the caller names the setting). */
export class InvalidScanSchedule extends Error {}

const DAILY = /^daily\s+([01]?\d|2[0-3]):([0-5]\d)$/;

/** The schedule a setting's text names; throws InvalidScanSchedule when it names none. */
export function parseScanSchedule(text: string): ScanSchedule {
  const value = text.trim().toLowerCase();
  if (value === 'off') return { kind: 'off' };
  const daily = DAILY.exec(value);
  if (daily) return { kind: 'daily', hour: Number(daily[1]), minute: Number(daily[2]) };
  if (value.split(/\s+/).length !== 5) throw new InvalidScanSchedule(`${SCAN_SCHEDULE_FORMS}, got "${text}"`);
  try {
    return { kind: 'cron', cron: parseCronExpression(value) };
  } catch (error) {
    if (!(error instanceof InvalidCronExpression)) throw error;
    throw new InvalidScanSchedule(`"${text}": ${error.message}; ${SCAN_SCHEDULE_FORMS}`);
  }
}

/** The text that names the schedule (the Settings page shows and saves it). */
export function scheduleText(schedule: ScanSchedule): string {
  if (schedule.kind === 'off') return 'off';
  if (schedule.kind === 'cron') return schedule.cron.text;
  return `daily ${String(schedule.hour).padStart(2, '0')}:${String(schedule.minute).padStart(2, '0')}`;
}

/** The next time after `now` the schedule names; null when it is off. */
export function nextScheduledScan(schedule: ScanSchedule, now: Date): Date | null {
  if (schedule.kind === 'off') return null;
  if (schedule.kind === 'cron') return nextCronTime(schedule.cron, now);
  const next = new Date(now);
  next.setHours(schedule.hour, schedule.minute, 0, 0);
  if (next.getTime() <= now.getTime()) next.setDate(next.getDate() + 1);
  return next;
}

/** setTimeout's longest delay (about 24.8 days); a longer one would fire at once. */
export const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

export interface ScheduledScanner {
  /** Starts a whole-library scan unless one is running (the one running covers the library). */
  startUnlessRunning(mode: 'incremental'): Promise<void>;
}

/**
 * Runs the whole-library scan at each time the schedule names. An incremental scan: it reads every work
 * folder but re-reads only the works whose files changed, which catches what the watcher could not see
 * (a folder changed while the server was down, a mount that came back, a network share not polled).
 * Returns the function that stops it.
 */
export function startScanSchedule(
  schedule: ScanSchedule,
  scans: ScheduledScanner,
  onError: (error: unknown) => void,
  clock: () => Date = () => new Date(),
): () => void {
  let timer: NodeJS.Timeout | null = null;
  const arm = () => {
    const next = nextScheduledScan(schedule, clock());
    if (!next) return;
    const delay = next.getTime() - clock().getTime();
    // A cron schedule can be further away than a timer can wait (`0 4 29 2 *`): wait the longest a timer
    // can, then look again.
    timer =
      delay > MAX_TIMER_DELAY_MS
        ? setTimeout(arm, MAX_TIMER_DELAY_MS)
        : setTimeout(() => {
            scans.startUnlessRunning('incremental').catch(onError);
            arm();
          }, delay);
    timer.unref();
  };
  arm();
  return () => {
    if (timer) clearTimeout(timer);
  };
}

/**
 * The scheduled scan of a serving process, which the Settings page can move while it runs: `follow`
 * (re)arms it with a schedule, replacing the one armed before. Nothing is armed until `follow` is first
 * called (`serve` does; the `scan` command and tests do not), so a change of setting then arms nothing.
 */
export class ScheduledScans {
  private stop: (() => void) | null = null;

  constructor(
    private readonly scans: ScheduledScanner,
    private readonly onError: (error: unknown) => void,
  ) {}

  follow(schedule: ScanSchedule): void {
    this.stop?.();
    this.stop = startScanSchedule(schedule, this.scans, this.onError);
  }

  /** Arms the new schedule if one is armed. */
  changed(schedule: ScanSchedule): void {
    if (this.stop) this.follow(schedule);
  }

  close(): void {
    this.stop?.();
    this.stop = null;
  }
}
