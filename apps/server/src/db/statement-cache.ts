import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase } from 'kysely';
import { LruMap } from '../util/lru-map.js';

/**
 * Statements longer than this are not kept: the multi-row writes of a scan's batches and of imports
 * (hundreds of rows a statement, a new text for every row count), each a large compiled program that is
 * rarely sent again. Kept, they held tens of megabytes during a scan and pushed the API's small statements
 * out of the cache (issue 15 item 7: a 5,000-work scan's native memory was 20-27 MB lower without them).
 */
export const MAX_CACHED_SQL_LENGTH = 2000;

/**
 * Kysely's SQLite driver prepares every query anew, and preparing costs more than running the small
 * queries the API makes (a tenth of a millisecond for a page of works). This keeps the most recently
 * used statements by their SQL text, short ones only (`MAX_CACHED_SQL_LENGTH`). A statement in the
 * middle of an `iterate()` is busy and cannot run again: such a call gets a fresh one. SQLite re-prepares a
 * cached statement itself after a schema change.
 */
export function withStatementCache(sqlite: SqliteDatabase, limit = 500): KyselySqliteDatabase {
  const statements = new LruMap<string, Statement>(limit);
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const cached = statements.get(sql);
      if (cached && !cached.busy) return cached;
      const statement = sqlite.prepare(sql);
      if (!cached && sql.length <= MAX_CACHED_SQL_LENGTH) statements.set(sql, statement);
      return statement;
    },
  };
}
