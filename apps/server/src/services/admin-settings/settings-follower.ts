/** What the follower keeps up to date: `refresh` applies what another process saved (a no-op otherwise). */
export interface FollowedSettings {
  refresh(): Promise<unknown>;
}

export interface SettingsFollowerOptions {
  /** How often the saved settings are read again (two rows by key), whatever else tells of a change. */
  checkEveryMs: number;
  /** PostgreSQL: starts listening for other processes' saves (LISTEN); returns the function that stops it. */
  listen?: (onSaved: () => void) => { close(): Promise<void> };
  onError(error: unknown): void;
}

/**
 * Several server processes on one database (PostgreSQL; SQLite's file too): what one process saves on the
 * Settings page reaches the others within a few seconds, without a restart and without a query on any
 * request. On PostgreSQL the saving process sends a NOTIFY and the others refresh at once; a periodic read
 * of the saved settings catches what a notification missed (a listener reconnecting) and is the only way
 * on SQLite, which has no notifications.
 */
export class SettingsFollower {
  private timer: NodeJS.Timeout | null = null;
  private listener: { close(): Promise<void> } | null = null;
  /** One refresh at a time; a signal during one asks for another after it. */
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly settings: FollowedSettings,
    private readonly options: SettingsFollowerOptions,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.check(), this.options.checkEveryMs);
    // A check never keeps a process alive that has nothing else to do (a command line, a test).
    this.timer.unref();
    this.listener = this.options.listen?.(() => this.check()) ?? null;
  }

  /** Refreshes now, or right after the refresh under way. */
  check(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.settings
      .refresh()
      .then(
        () => {},
        (error: unknown) => this.options.onError(error),
      )
      .finally(() => {
        this.running = null;
        if (this.again && this.timer) {
          this.again = false;
          this.check();
        }
      });
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.again = false;
    await this.listener?.close();
    this.listener = null;
    await this.running;
  }
}
