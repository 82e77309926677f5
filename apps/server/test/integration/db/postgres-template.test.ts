import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../helpers/test-context.js';

/**
 * Each PostgreSQL test database is a copy of the run's migrated template (postgres-template.setup.ts),
 * not an empty database every server then migrates again (2.4 s a database where the copy takes 0.8 s).
 */
describe.skipIf(!process.env.TEST_POSTGRES_URL)('PostgreSQL test databases', () => {
  it('start migrated, a database of their own each', async () => {
    const [first, second] = [await createPostgresDatabase(), await createPostgresDatabase()];
    try {
      expect(first.url).not.toBe(second.url);
      const client = new pg.Client({ connectionString: first.url });
      await client.connect();
      try {
        const migrations = await client.query('SELECT name FROM kysely_migration ORDER BY name');
        expect(migrations.rows.map((row) => row.name)).toContain('2026-11-22-0001-initial');
        await client.query('CREATE TABLE only_in_first (id integer)');
      } finally {
        await client.end();
      }
      const other = new pg.Client({ connectionString: second.url });
      await other.connect();
      try {
        const table = await other.query("SELECT to_regclass('only_in_first') AS found");
        expect(table.rows[0].found).toBeNull();
      } finally {
        await other.end();
      }
    } finally {
      await first.drop();
      await second.drop();
    }
  });
});
