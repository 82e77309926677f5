import { afterEach, describe, expect, it } from 'vitest';
import { InvalidCronExpression, nextCronTime, parseCronExpression } from '../../src/jobs/cron-expression.js';

/** A local time (the schedule's times are the server's local time): month 1-12. */
const at = (year: number, month: number, day: number, hour = 0, minute = 0, second = 0) =>
  new Date(year, month - 1, day, hour, minute, second);

describe('cron expressions', () => {
  // [expression, from, the next run after it]
  const runs: Array<[string, Date, Date]> = [
    ['* * * * *', at(2026, 11, 24, 10, 7, 30), at(2026, 11, 24, 10, 8)],
    ['*/15 * * * *', at(2026, 11, 24, 10, 7), at(2026, 11, 24, 10, 15)],
    ['*/15 * * * *', at(2026, 11, 24, 23, 45), at(2026, 11, 25, 0, 0)],
    ['0-30/10 4 * * *', at(2026, 11, 24, 4, 25), at(2026, 11, 24, 4, 30)],
    ['0-30/10 4 * * *', at(2026, 11, 24, 4, 30), at(2026, 11, 25, 4, 0)],
    ['5,35 1-3 * * *', at(2026, 11, 24, 3, 36), at(2026, 11, 25, 1, 5)],
    // Month ends: from the last of January to the first of February, and April has no 31st.
    ['0 0 1 * *', at(2026, 1, 31, 12), at(2026, 2, 1)],
    ['0 0 31 * *', at(2026, 4, 15), at(2026, 5, 31)],
    ['59 23 31 12 *', at(2026, 12, 31, 23, 59), at(2027, 12, 31, 23, 59)],
    // The leap day: 2028's, and 2104's after 2096's (2100 is not a leap year).
    ['0 12 29 2 *', at(2026, 3, 1), at(2028, 2, 29, 12)],
    ['0 12 29 2 *', at(2096, 3, 1), at(2104, 2, 29, 12)],
    // Both day fields restricted: a day matching either runs (Friday the 6th; Sunday the 13th).
    ['0 9 13 * fri', at(2026, 11, 1), at(2026, 11, 6, 9)],
    ['0 9 13 * fri', at(2026, 12, 12), at(2026, 12, 13, 9)],
    ['0 0 31 2 mon', at(2026, 11, 24), at(2027, 2, 1)],
    // A day field starting with * is not restricted: both must match (an odd day that is a Monday).
    ['0 9 */2 * mon', at(2026, 11, 24), at(2026, 12, 7, 9)],
    ['0 9 13 * *', at(2026, 11, 14), at(2026, 12, 13, 9)],
    // Names, and Sunday as 7 or 0.
    ['30 3 * jan,JUL mon-fri', at(2026, 11, 24), at(2027, 1, 1, 3, 30)],
    ['0 0 * * 7', at(2026, 11, 24), at(2026, 11, 29)],
    ['0 0 * * 0', at(2026, 11, 24), at(2026, 11, 29)],
    ['0 0 * * 5-7', at(2026, 11, 24), at(2026, 11, 27)],
    ['0 0 * * sat-sun', at(2026, 11, 29, 12), at(2026, 12, 5)],
  ];
  it.each(runs)('%s after %s runs at %s', (text, from, next) => {
    expect(nextCronTime(parseCronExpression(text), from)).toEqual(next);
  });

  it('keeps the expression as the page shows it', () => {
    expect(parseCronExpression('  0  4 * *   MON-fri ').text).toBe('0 4 * * mon-fri');
  });

  // [expression, what the refusal says]
  const refusals: Array<[string, RegExp]> = [
    ['0 0 31 2 *', /never runs/],
    ['0 0 30 2 *', /never runs/],
    ['0 0 31 4,6,9,11 *', /never runs/],
    ['0 0 31 2 */1', /never runs/],
    ['60 * * * *', /minute "60" is outside 0-59/],
    ['0 24 * * *', /hour "24" is outside 0-23/],
    ['0 0 0 * *', /day of month "0" is outside 1-31/],
    ['0 0 * 13 *', /month "13" is outside 1-12/],
    ['0 0 * * 8', /day of week "8" is outside 0-7/],
    ['0 0 * foo *', /month "foo" is not a number or jan-dec/],
    ['*/0 * * * *', /needs a step of 1 or more/],
    ['5/15 * * * *', /steps a single value/],
    ['0 0 * * fri-mon', /runs backwards/],
    ['1,,2 * * * *', /minute "" is not a number/],
    ['1-2-3 * * * *', /is not a value or a range/],
    ['0 0 * * * *', /has 6 fields, not 5/],
  ];
  it.each(refusals)('refuses %s saying why', (text, reason) => {
    expect(() => parseCronExpression(text)).toThrow(InvalidCronExpression);
    expect(() => parseCronExpression(text)).toThrow(reason);
  });

  it('finds a far leap day in few steps', () => {
    const cron = parseCronExpression('0 0 29 2 *');
    const started = performance.now();
    for (let year = 2000; year < 2100; year++) nextCronTime(cron, at(year, 3, 1));
    expect(performance.now() - started).toBeLessThan(500);
  });

  describe('when the clocks change (Europe/Berlin)', () => {
    const zone = process.env.TZ;
    afterEach(() => {
      // Node reads TZ again when it is assigned; deleting it would leave the string "undefined".
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    });

    it('never answers a time before the one asked from, in the hour repeated or skipped', () => {
      process.env.TZ = 'Europe/Berlin';
      const cron = parseCronExpression('30 2 * * *');
      // 25 October 2026: 02:00-03:00 comes twice (00:00-01:00 UTC, then 01:00-02:00 UTC).
      const firstPass = nextCronTime(cron, new Date('2026-10-24T12:00:00Z'));
      expect(firstPass).toEqual(new Date('2026-10-25T00:30:00Z'));
      const secondPass = nextCronTime(cron, firstPass);
      expect(secondPass).toEqual(new Date('2026-10-25T01:30:00Z'));
      expect(nextCronTime(cron, secondPass)).toEqual(new Date('2026-10-26T01:30:00Z'));
      // 29 March 2026 has no 02:30: the next run is the 30th's.
      expect(nextCronTime(cron, new Date('2026-03-28T12:00:00Z'))).toEqual(new Date('2026-03-30T00:30:00Z'));
    });
  });
});
