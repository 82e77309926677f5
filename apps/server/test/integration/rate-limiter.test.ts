import { describe, expect, it } from 'vitest';
import { DatabaseRateLimiter } from '../../src/auth/rate-limiter.js';
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
      expect(await other.check('login:addr:198.51.100.1', 2, MINUTE)).toMatchObject({
        allowed: false,
        count: 3,
      });

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
});
