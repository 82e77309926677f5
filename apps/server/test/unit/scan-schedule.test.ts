import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import {
  InvalidScanSchedule,
  MAX_TIMER_DELAY_MS,
  nextScheduledScan,
  parseScanSchedule,
  scheduleText,
  startScanSchedule,
} from '../../src/jobs/scan-schedule.js';

const dataDir = () => mkdtempSync(join(tmpdir(), 'sasayaki-schedule-'));

describe('scan schedule', () => {
  afterEach(() => vi.useRealTimers());

  it('reads off, daily HH:MM and cron expressions, and nothing else', () => {
    expect(parseScanSchedule('off')).toEqual({ kind: 'off' });
    expect(parseScanSchedule(' Daily 4:05 ')).toEqual({ kind: 'daily', hour: 4, minute: 5 });
    const cron = parseScanSchedule(' 0 4  * * MON-FRI');
    expect(cron.kind).toBe('cron');
    expect(scheduleText(cron)).toBe('0 4 * * mon-fri');
    expect(scheduleText(parseScanSchedule('daily 4:05'))).toBe('daily 04:05');
    for (const bad of ['daily 24:00', 'daily 12:60', 'hourly', '0 4 * *', '']) {
      expect(() => parseScanSchedule(bad)).toThrow(InvalidScanSchedule);
      expect(() => parseScanSchedule(bad)).toThrow(/expected "off", "daily HH:MM" or a cron expression/);
    }
  });

  it('the next run of a cron schedule is the next minute it names', () => {
    const weekdays = parseScanSchedule('30 3 * * mon-fri');
    // Friday 2026-11-27 after 03:30: the next weekday is Monday.
    expect(nextScheduledScan(weekdays, new Date(2026, 10, 27, 3, 30))).toEqual(new Date(2026, 10, 30, 3, 30));
  });

  it('waits for a run further away than a timer can, without running early', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 10, 24, 3, 0));
    const startUnlessRunning = vi.fn(async () => {});
    const stop = startScanSchedule(parseScanSchedule('0 4 29 2 *'), { startUnlessRunning }, () => {});
    const leapDay = new Date(2028, 1, 29, 4, 0).getTime();
    await vi.advanceTimersByTimeAsync(leapDay - Date.now() - 60_000);
    expect(startUnlessRunning).not.toHaveBeenCalled();
    expect(leapDay - Date.now()).toBeGreaterThan(0);
    expect(MAX_TIMER_DELAY_MS).toBeLessThan(leapDay - new Date(2026, 10, 24, 3, 0).getTime());
    await vi.advanceTimersByTimeAsync(60_000);
    expect(startUnlessRunning).toHaveBeenCalledTimes(1);
    stop();
  });

  it('the next run is today when its time is still ahead, else tomorrow', () => {
    const schedule = { kind: 'daily', hour: 4, minute: 0 } as const;
    const early = new Date(2026, 10, 24, 3, 59);
    expect(nextScheduledScan(schedule, early)).toEqual(new Date(2026, 10, 24, 4, 0));
    expect(nextScheduledScan(schedule, new Date(2026, 10, 24, 4, 0))).toEqual(new Date(2026, 10, 25, 4, 0));
    expect(nextScheduledScan({ kind: 'off' }, early)).toBeNull();
  });

  it('starts a whole-library scan at each scheduled time', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 10, 24, 3, 0));
    const startUnlessRunning = vi.fn(async () => {});
    const stop = startScanSchedule({ kind: 'daily', hour: 4, minute: 0 }, { startUnlessRunning }, () => {});
    await vi.advanceTimersByTimeAsync(59 * 60_000);
    expect(startUnlessRunning).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(startUnlessRunning).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(24 * 3600_000);
    expect(startUnlessRunning).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(24 * 3600_000);
    expect(startUnlessRunning).toHaveBeenCalledTimes(2);
  });

  it('is nightly by default, and a bad setting stops the server naming it', () => {
    expect(loadConfig({ SASAYAKI_DATA: dataDir() }).scan.schedule).toEqual({
      kind: 'daily',
      hour: 4,
      minute: 0,
    });
    expect(loadConfig({ SASAYAKI_DATA: dataDir(), SASAYAKI_SCAN_SCHEDULE: 'off' }).scan.schedule).toEqual({
      kind: 'off',
    });
    expect(() => loadConfig({ SASAYAKI_DATA: dataDir(), SASAYAKI_SCAN_SCHEDULE: 'every day' })).toThrow(
      /SASAYAKI_SCAN_SCHEDULE: expected "off", "daily HH:MM" or a cron expression of 5 fields .*got "every day"/,
    );
    expect(() => loadConfig({ SASAYAKI_DATA: dataDir(), SASAYAKI_SCAN_SCHEDULE: '0 0 31 2 *' })).toThrow(
      /Invalid setting SASAYAKI_SCAN_SCHEDULE: "0 0 31 2 \*": never runs.*expected "off"/,
    );
    expect(() => loadConfig({ SASAYAKI_DATA: dataDir(), SASAYAKI_SCAN_SCHEDULE: '0 25 * * *' })).toThrow(
      /SASAYAKI_SCAN_SCHEDULE: "0 25 \* \* \*": hour "25" is outside 0-23/,
    );
    const cron = loadConfig({ SASAYAKI_DATA: dataDir(), SASAYAKI_SCAN_SCHEDULE: '*/30 1-5 * * sun' });
    expect(cron.scan.schedule.kind).toBe('cron');
    expect(scheduleText(cron.scan.schedule)).toBe('*/30 1-5 * * sun');
    expect(() => loadConfig({ SASAYAKI_DATA: dataDir(), SASAYAKI_WATCH: 'sometimes' })).toThrow(
      /SASAYAKI_WATCH/,
    );
    expect(loadConfig({ SASAYAKI_DATA: dataDir(), SASAYAKI_WATCH: 'poll' }).watch.mode).toBe('poll');
  });
});
