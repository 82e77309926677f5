/**
 * When the scheduled whole-library scan runs: `off`, or `daily HH:MM` in the server's local time (the
 * form SASAYAKI_SCAN_SCHEDULE takes; config/config.ts parses it once).
 */
export type ScanSchedule = { kind: 'off' } | { kind: 'daily'; hour: number; minute: number };

const DAILY = /^daily\s+([01]?\d|2[0-3]):([0-5]\d)$/;

/** The schedule a setting's text names, or null when it names none (the caller reports the setting). */
export function parseScanSchedule(text: string): ScanSchedule | null {
  const value = text.trim().toLowerCase();
  if (value === 'off') return { kind: 'off' };
  const match = DAILY.exec(value);
  if (!match) return null;
  return { kind: 'daily', hour: Number(match[1]), minute: Number(match[2]) };
}

/** The next time after `now` the schedule names; null when it is off. */
export function nextScheduledScan(schedule: ScanSchedule, now: Date): Date | null {
  if (schedule.kind === 'off') return null;
  const next = new Date(now);
  next.setHours(schedule.hour, schedule.minute, 0, 0);
  if (next.getTime() <= now.getTime()) next.setDate(next.getDate() + 1);
  return next;
}

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
    // setTimeout's delay is at most about 24.8 days; a daily schedule stays far below it.
    timer = setTimeout(() => {
      scans.startUnlessRunning('incremental').catch(onError);
      arm();
    }, next.getTime() - clock().getTime());
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
