import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
