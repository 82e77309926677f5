import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase } from 'kysely';
import { LruMap } from '../util/lru-map.js';

/**
 * Kysely's SQLite driver prepares every query anew, and preparing costs more than running the small
 * queries the API makes (a tenth of a millisecond for a page of works). This keeps the most recently
 * used statements by their SQL text. A statement in the middle of an `iterate()` is busy and cannot run
 * again: such a call gets a fresh one. SQLite re-prepares a cached statement itself after a schema change.
 */
export function withStatementCache(sqlite: SqliteDatabase, limit = 500): KyselySqliteDatabase {
  const statements = new LruMap<string, Statement>(limit);
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const cached = statements.get(sql);
      if (cached && !cached.busy) return cached;
      const statement = sqlite.prepare(sql);
      if (!cached) statements.set(sql, statement);
      return statement;
    },
  };
}
