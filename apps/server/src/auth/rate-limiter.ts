import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../db/schema.js';

export interface LimitResult {
  allowed: boolean;
  /** Events counted in the current window (after this one, for `hit`). */
  count: number;
  /** Seconds until the current window ends (for `Retry-After`). */
  retryAfter: number;
}

/** One counter to look at, and the most events its window allows. */
export interface LimitCheck {
  key: string;
  limit: number;
}

/**
 * Fixed-window counters. `hit` counts one event and says whether it is within the limit; `check` looks
 * without counting (login checks before spending a password hash, counts only failures), at several
 * counters of the same window length at once: a login looks at three, and on PostgreSQL each statement is
 * a round trip whose socket write holds the event loop (bench/README.md, "Accounts"), so they are read in
 * one. The results are in the order of `checks`.
 */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<LimitResult>;
  check<const C extends readonly LimitCheck[]>(checks: C, windowMs: number): Promise<LimitResults<C>>;
}

/** One result per check, in its place: a tuple of checks gives a tuple of results. */
export type LimitResults<C extends readonly LimitCheck[]> = { [K in keyof C]: LimitResult };

function windowOf(now: number, windowMs: number) {
  const start = Math.floor(now / windowMs) * windowMs;
  return { start, retryAfter: Math.max(1, Math.ceil((start + windowMs - now) / 1000)) };
}

interface Counted {
  start: number;
  count: number;
}

/** What the checks answer, given each counter's window start and count (undefined: never counted). */
function checked<C extends readonly LimitCheck[]>(
  checks: C,
  countedOf: (key: string) => Counted | undefined,
  window: { start: number; retryAfter: number },
): LimitResults<C> {
  return checks.map((check) => {
    const counted = countedOf(check.key);
    const count = counted?.start === window.start ? counted.count : 0;
    return { allowed: count < check.limit, count, retryAfter: window.retryAfter };
  }) as LimitResults<C>;
}

/** One process's counters: enough for SQLite, whose installs are one server process. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, limit: number, windowMs: number): Promise<LimitResult> {
    const { start, retryAfter } = windowOf(this.now(), windowMs);
    const entry = this.windows.get(key);
    const count = entry?.start === start ? entry.count + 1 : 1;
    this.windows.set(key, { start, count });
    if (this.windows.size > 50_000) this.sweep(start);
    return { allowed: count <= limit, count, retryAfter };
  }

  async check<const C extends readonly LimitCheck[]>(checks: C, windowMs: number): Promise<LimitResults<C>> {
    return checked(checks, (key) => this.windows.get(key), windowOf(this.now(), windowMs));
  }

  /** Old windows are dead weight: drop them when the map grows. */
  private sweep(currentStart: number): void {
    for (const [key, entry] of this.windows) if (entry.start < currentStart) this.windows.delete(key);
  }
}

/**
 * Rows of windows that ended this long ago are deleted: every key a client makes up (an address, a name
 * tried from it) is a row, and without this the table would only grow. Longer than any window in use.
 */
const KEEP_ENDED_WINDOWS_MS = 60 * 60_000;
/** How often a process looks for them: at most one DELETE each time, on a hit. */
const SWEEP_EVERY_MS = 10 * 60_000;

/** Counters in the database, so that several server processes on one PostgreSQL share the limits. */
export class DatabaseRateLimiter implements RateLimiter {
  private nextSweep: number;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {
    this.nextSweep = now() + SWEEP_EVERY_MS;
  }

  async hit(key: string, limit: number, windowMs: number): Promise<LimitResult> {
    const now = this.now();
    if (now >= this.nextSweep) await this.sweep(now);
    const { start, retryAfter } = windowOf(now, windowMs);
    const row = await this.db
      .insertInto('rate_limits')
      .values({ key, window_start: start, count: 1 })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          count: sql`CASE WHEN rate_limits.window_start = ${start} THEN rate_limits.count + 1 ELSE 1 END`,
          window_start: start,
        }),
      )
      .returning('count')
      .executeTakeFirstOrThrow();
    return { allowed: row.count <= limit, count: row.count, retryAfter };
  }

  async check<const C extends readonly LimitCheck[]>(checks: C, windowMs: number): Promise<LimitResults<C>> {
    const window = windowOf(this.now(), windowMs);
    const rows =
      checks.length === 0
        ? []
        : await this.db
            .selectFrom('rate_limits')
            .select(['key', 'window_start', 'count'])
            .where(
              'key',
              'in',
              checks.map((check) => check.key),
            )
            .execute();
    const byKey = new Map(rows.map((row) => [row.key, { start: row.window_start, count: row.count }]));
    return checked(checks, (key) => byKey.get(key), window);
  }

  private async sweep(now: number): Promise<void> {
    this.nextSweep = now + SWEEP_EVERY_MS;
    await this.db
      .deleteFrom('rate_limits')
      .where('window_start', '<', now - KEEP_ENDED_WINDOWS_MS)
      .execute();
  }
}
