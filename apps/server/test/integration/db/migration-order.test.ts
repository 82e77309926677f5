import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrateToLatest } from '../../../src/db/migrate.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../../helpers/test-context.js';

describe.each(DATABASE_KINDS)('migrations that land out of name order on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a database that ran later-named migrations first still gets the earlier one', async () => {
    const { db, dialect } = server.ctx.database;
    // As a database migrated before 2026-11-25-0004 was committed (after -0006 and -0007) looks.
    await sql`DROP TABLE kikoeru_users`.execute(db);
    await sql`DELETE FROM kysely_migration WHERE name = ${'2026-11-25-0004-kikoeru-users'}`.execute(db);
    await migrateToLatest(db, dialect);
    const names = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db);
    expect(names.rows.map((row) => row.name)).toContain('2026-11-25-0004-kikoeru-users');
    await expect(db.selectFrom('kikoeru_users').selectAll().execute()).resolves.toEqual([]);
  });

  it('checks an up-to-date database with one statement (each start on PostgreSQL waited for eight)', async () => {
    const { db, dialect } = server.ctx.database;
    const executor = Object.getPrototypeOf(db.getExecutor());
    const spy = vi.spyOn(executor, 'executeQuery');
    try {
      await migrateToLatest(db, dialect);
      // The test server's own periodic reads (settings, the catalogue's version) may land in between.
      const sent = spy.mock.calls
        .map(([query]) => (query as { sql: string }).sql)
        .filter((text) => !/"settings"|"catalogue_version"|"scans"/.test(text));
      expect(sent).toEqual(['SELECT name FROM kysely_migration']);
    } finally {
      spy.mockRestore();
    }
  });
});
