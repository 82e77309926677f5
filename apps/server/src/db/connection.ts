import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Config } from '../config/config.js';
import type { DialectKind } from './dialect.js';
import type { Database } from './schema.js';
import { withStatementCache } from './statement-cache.js';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectKind;
  close(): Promise<void>;
}

/** Only the driver in use is loaded (see util/lazy-import.ts). */
export async function openDatabase(database: Config['database']): Promise<DatabaseHandle> {
  if (database.kind === 'postgres') {
    const { default: pg } = await import('pg');
    // PostgreSQL returns bigint (int8) and numeric as strings; every such value here fits a JS number.
    pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
    pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
    pg.types.setTypeParser(pg.types.builtins.FLOAT4, (value) => Number(value));
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    // An idle client's error (server restart) must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  const { default: SqliteDatabase } = await import('better-sqlite3');
  mkdirSync(dirname(database.file), { recursive: true });
  const sqlite = new SqliteDatabase(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('cache_size = -32000');
  sqlite.pragma('temp_store = MEMORY');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}
