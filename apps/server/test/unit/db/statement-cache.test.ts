import SqliteDatabase from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_CACHED_SQL_LENGTH, withStatementCache } from '../../../src/db/statement-cache.js';

describe('the SQLite statement cache', () => {
  const sqlite = new SqliteDatabase(':memory:');
  afterAll(() => sqlite.close());

  it('keeps a short statement and prepares it once', () => {
    const db = withStatementCache(sqlite);
    const sql = 'SELECT 1 AS one';
    expect(db.prepare(sql)).toBe(db.prepare(sql));
  });

  it('does not keep a statement longer than the limit (a batch write): each call prepares its own', () => {
    const db = withStatementCache(sqlite);
    const values = Array.from({ length: 400 }, (_, index) => `(${index})`).join(', ');
    const sql = `SELECT column1 FROM (VALUES ${values})`;
    expect(sql.length).toBeGreaterThan(MAX_CACHED_SQL_LENGTH);
    expect(db.prepare(sql)).not.toBe(db.prepare(sql));
  });
});
