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

/**
 * Fixed-window counters. `hit` counts one event and says whether it is within the limit; `check` looks
 * without counting (login checks before spending a password hash, counts only failures).
 */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<LimitResult>;
  check(key: string, limit: number, windowMs: number): Promise<LimitResult>;
}

function windowOf(now: number, windowMs: number) {
  const start = Math.floor(now / windowMs) * windowMs;
  return { start, retryAfter: Math.max(1, Math.ceil((start + windowMs - now) / 1000)) };
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

  async check(key: string, limit: number, windowMs: number): Promise<LimitResult> {
    const { start, retryAfter } = windowOf(this.now(), windowMs);
    const entry = this.windows.get(key);
    const count = entry?.start === start ? entry.count : 0;
    return { allowed: count < limit, count, retryAfter };
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

  async check(key: string, limit: number, windowMs: number): Promise<LimitResult> {
    const { start, retryAfter } = windowOf(this.now(), windowMs);
    const row = await this.db
      .selectFrom('rate_limits')
      .select(['window_start', 'count'])
      .where('key', '=', key)
      .executeTakeFirst();
    const count = row?.window_start === start ? row.count : 0;
    return { allowed: count < limit, count, retryAfter };
  }

  private async sweep(now: number): Promise<void> {
    this.nextSweep = now + SWEEP_EVERY_MS;
    await this.db
      .deleteFrom('rate_limits')
      .where('window_start', '<', now - KEEP_ENDED_WINDOWS_MS)
      .execute();
  }
}
