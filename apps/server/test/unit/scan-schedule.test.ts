import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { nextScheduledScan, parseScanSchedule, startScanSchedule } from '../../src/jobs/scan-schedule.js';

const dataDir = () => mkdtempSync(join(tmpdir(), 'sasayaki-schedule-'));

describe('scan schedule', () => {
  afterEach(() => vi.useRealTimers());

  it('reads off and daily HH:MM, and nothing else', () => {
    expect(parseScanSchedule('off')).toEqual({ kind: 'off' });
    expect(parseScanSchedule(' Daily 4:05 ')).toEqual({ kind: 'daily', hour: 4, minute: 5 });
    for (const bad of ['daily 24:00', 'daily 12:60', 'hourly', '0 4 * * *', '']) {
      expect(parseScanSchedule(bad)).toBeNull();
    }
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
      /SASAYAKI_SCAN_SCHEDULE/,
    );
    expect(() => loadConfig({ SASAYAKI_DATA: dataDir(), SASAYAKI_WATCH: 'sometimes' })).toThrow(
      /SASAYAKI_WATCH/,
    );
    expect(loadConfig({ SASAYAKI_DATA: dataDir(), SASAYAKI_WATCH: 'poll' }).watch.mode).toBe('poll');
  });
});
