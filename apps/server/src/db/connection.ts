import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Config } from '../config/config.js';
import type { DialectKind } from './dialect.js';
import { namePreparedStatements } from './prepared-statements.js';
import type { Database } from './schema.js';
import { withStatementCache } from './statement-cache.js';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectKind;
  close(): Promise<void>;
}

/**
 * The database holds password hashes and every listener's history: only the server's user may read it.
 * Files an older version left readable by others (under umask 022) are tightened on every start.
 */
function restrictToOwner(file: string): void {
  for (const path of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(path)) chmodSync(path, 0o600);
}

/** SQLite's page cache per connection, in KiB (`PRAGMA cache_size` takes a negative size in KiB). */
export const SQLITE_PAGE_CACHE_KB = 8_000;

/** Only the driver in use is loaded (see util/lazy-import.ts). */
export async function openDatabase(database: Config['database']): Promise<DatabaseHandle> {
  if (database.kind === 'postgres') {
    const { default: pg } = await import('pg');
    // PostgreSQL returns bigint (int8) and numeric as strings; every such value here fits a JS number.
    pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
    pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
    pg.types.setTypeParser(pg.types.builtins.FLOAT4, (value) => Number(value));
    const pool = new pg.Pool({ connectionString: database.url, max: database.poolSize });
    // An idle client's error (server restart) must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    // Each new connection runs the per-request lookups as prepared statements (prepared-statements.ts).
    pool.on('connect', (client) => namePreparedStatements(client));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  const { default: SqliteDatabase } = await import('better-sqlite3');
  mkdirSync(dirname(database.file), { recursive: true, mode: 0o700 });
  // Made 0600 before SQLite opens it: SQLite gives the -wal and -shm files the database file's mode.
  closeSync(openSync(database.file, 'a', 0o600));
  const sqlite = new SqliteDatabase(database.file);
  sqlite.pragma('journal_mode = WAL');
  restrictToOwner(database.file);
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // 8 MB of pages per connection (was 32): the catalogue's answers are cached above the database, and a
  // page SQLite no longer keeps is read again from the system's file cache, which a process's resident
  // memory does not count (at 100,000 works the 32 MB filled during the first minutes under load and
  // stayed; bench README, Memory).
  sqlite.pragma(`cache_size = -${SQLITE_PAGE_CACHE_KB}`);
  sqlite.pragma('temp_store = MEMORY');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}
