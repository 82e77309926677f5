import { describe, expect, it, vi } from 'vitest';
import { DatabaseRateLimiter, MemoryRateLimiter } from '../../src/auth/rate-limiter.js';
import { DATABASE_KINDS, startTestServer } from '../helpers/test-context.js';

const MINUTE = 60_000;

describe.each(DATABASE_KINDS)('DatabaseRateLimiter on %s', (kind) => {
  it('counts in the database and deletes the rows of windows that ended over an hour ago', async () => {
    const server = await startTestServer(kind);
    try {
      const { db } = server.ctx.database;
      let now = 100 * MINUTE;
      const limiter = new DatabaseRateLimiter(db, () => now);
      await limiter.hit('login:addr:198.51.100.1', 2, MINUTE);
      await limiter.hit('login:addr:198.51.100.1', 2, MINUTE);
      expect(await limiter.hit('login:addr:198.51.100.1', 2, MINUTE)).toMatchObject({
        allowed: false,
        count: 3,
      });
      // Another process sees the same count.
      const other = new DatabaseRateLimiter(db, () => now);
      expect(await other.check([{ key: 'login:addr:198.51.100.1', limit: 2 }], MINUTE)).toMatchObject([
        { allowed: false, count: 3 },
      ]);

      now += 30 * MINUTE;
      await limiter.hit('login:addr:198.51.100.2', 2, MINUTE);
      now += 40 * MINUTE;
      await limiter.hit('login:addr:198.51.100.3', 2, MINUTE);
      const keys = await db.selectFrom('rate_limits').select('key').orderBy('key').execute();
      expect(keys.map((row) => row.key)).toEqual(['login:addr:198.51.100.2', 'login:addr:198.51.100.3']);
    } finally {
      await server.close();
    }
  });

  it('looks at several counters in one statement, each result in its place', async () => {
    const server = await startTestServer(kind);
    try {
      const { db } = server.ctx.database;
      let now = 100 * MINUTE;
      const limiter = new DatabaseRateLimiter(db, () => now);
      await limiter.hit('login:name:old', 5, MINUTE);
      now += MINUTE;
      await limiter.hit('login:addr:198.51.100.1', 1, MINUTE);
      await limiter.hit('login:name:alice', 5, MINUTE);
      await limiter.hit('login:name:alice', 5, MINUTE);
      const statements = vi.spyOn(db.getExecutor(), 'executeQuery');
      const checks = [
        { key: 'login:name:alice', limit: 5 },
        { key: 'login:never-counted', limit: 5 },
        { key: 'login:name:old', limit: 5 },
        { key: 'login:addr:198.51.100.1', limit: 1 },
      ];
      expect(await limiter.check(checks, MINUTE)).toEqual([
        { allowed: true, count: 2, retryAfter: 60 },
        { allowed: true, count: 0, retryAfter: 60 },
        // Counted in the window before: nothing in this one.
        { allowed: true, count: 0, retryAfter: 60 },
        { allowed: false, count: 1, retryAfter: 60 },
      ]);
      // Only the counters' statements: the server's own once-a-second checks may run meanwhile.
      const ofCounters = statements.mock.calls.filter(([query]) => query.sql.includes('rate_limits'));
      expect(ofCounters).toHaveLength(1);
      statements.mockRestore();
      // The memory counter of SQLite's single process answers alike.
      const memory = new MemoryRateLimiter(() => now);
      await memory.hit('login:addr:198.51.100.1', 1, MINUTE);
      expect(await memory.check(checks.slice(1, 2).concat(checks.slice(3)), MINUTE)).toEqual([
        { allowed: true, count: 0, retryAfter: 60 },
        { allowed: false, count: 1, retryAfter: 60 },
      ]);
    } finally {
      await server.close();
    }
  });
});
