import type { DialectKind } from '@sasayaki/server/db/dialect.js';
import type { Database } from '@sasayaki/server/db/schema.js';
import { type Kysely, sql } from 'kysely';

/** The tables the generator fills: their secondary indexes are rebuilt once instead of updated per row. */
const TABLES = ['works', 'work_tags', 'work_vas', 'files'];

interface Definition {
  name: string;
  kind: 'index' | 'trigger';
  definition: string;
}

/**
 * The migrations' own secondary indexes and triggers of the filled tables, read back from the catalogue
 * so they are recreated exactly as the server made them (primary keys and constraints stay in place).
 */
async function definitions(db: Kysely<Database>, dialect: DialectKind): Promise<Definition[]> {
  if (dialect === 'sqlite') {
    const { rows } = await sql<{ name: string; type: 'index' | 'trigger'; sql: string }>`
      SELECT name, type, sql FROM sqlite_master
      WHERE type IN ('index', 'trigger') AND sql IS NOT NULL AND tbl_name IN (${sql.join(TABLES)})`.execute(
      db,
    );
    return rows.map((row) => ({ name: row.name, kind: row.type, definition: row.sql }));
  }
  const { rows } = await sql<{ indexname: string; indexdef: string }>`
    SELECT indexname, indexdef FROM pg_indexes
    WHERE schemaname = current_schema() AND tablename IN (${sql.join(TABLES)})
      AND indexname NOT IN (SELECT conname FROM pg_constraint)`.execute(db);
  return rows.map((row) => ({ name: row.indexname, kind: 'index', definition: row.indexdef }));
}

/**
 * Runs `load` with the filled tables' secondary indexes and triggers (SQLite's FTS triggers, the label
 * count triggers) dropped, or on PostgreSQL the triggers disabled, then recreates them and rebuilds the
 * search index in one pass: the usual bulk-load technique, several times faster than maintaining two
 * dozen indexes and a trigram index row by row. The caller counts the labels afterwards.
 */
export async function withIndexesDeferred(
  db: Kysely<Database>,
  dialect: DialectKind,
  load: () => Promise<void>,
): Promise<void> {
  const deferred = await definitions(db, dialect);
  for (const { name, kind } of deferred) {
    await sql.raw(`DROP ${kind === 'index' ? 'INDEX' : 'TRIGGER'} ${JSON.stringify(name)}`).execute(db);
  }
  const triggers = async (state: 'DISABLE' | 'ENABLE') => {
    for (const table of TABLES) await sql.raw(`ALTER TABLE ${table} ${state} TRIGGER USER`).execute(db);
  };
  if (dialect === 'postgres') await triggers('DISABLE');
  await load();
  if (dialect === 'postgres') await triggers('ENABLE');
  await db.transaction().execute(async (trx) => {
    // PostgreSQL builds a GIN trigram index much faster with room to sort in memory.
    if (dialect === 'postgres') await sql`SET LOCAL maintenance_work_mem = '256MB'`.execute(trx);
    for (const { definition } of deferred) await sql.raw(definition).execute(trx);
    if (dialect === 'sqlite') await sql`INSERT INTO works_fts(works_fts) VALUES ('rebuild')`.execute(trx);
  });
}
