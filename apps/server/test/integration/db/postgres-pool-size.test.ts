import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/config.js';
import { openDatabase } from '../../../src/db/connection.js';

/**
 * The pool opens as many connections as `SASAYAKI_PG_POOL_SIZE` says (10 by default) and no more: the
 * statements past it wait for a connection instead of opening one. Each statement reports its backend,
 * and waits long enough for all of them to be under way at once. Nothing is written: the test runs on
 * TEST_POSTGRES_URL's own database.
 */
describe.skipIf(!process.env.TEST_POSTGRES_URL)('the PostgreSQL pool', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sasayaki-pool-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  async function backendsUsedBy(statements: number, env: Record<string, string>): Promise<number> {
    const config = loadConfig({
      SASAYAKI_DATA: dataDir,
      DATABASE_URL: process.env.TEST_POSTGRES_URL as string,
      ...env,
    });
    const handle = await openDatabase(config.database);
    try {
      const pids = await Promise.all(
        Array.from({ length: statements }, () =>
          sql<{ pid: number }>`SELECT pg_backend_pid() AS pid, pg_sleep(0.2)`
            .execute(handle.db)
            .then(({ rows }) => rows[0]?.pid),
        ),
      );
      return new Set(pids).size;
    } finally {
      await handle.close();
    }
  }

  it('opens SASAYAKI_PG_POOL_SIZE connections at most', async () => {
    expect(await backendsUsedBy(6, { SASAYAKI_PG_POOL_SIZE: '2' })).toBe(2);
  });

  it('opens 10 by default', async () => {
    expect(await backendsUsedBy(12, {})).toBe(10);
  });
});
