import { existsSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';

/**
 * Reads a kikoeru-express database (`sqlite/db.sqlite3`; schema in the reference's section 5) into plain
 * rows, read-only and whole, before anything is written: a file that is not SQLite, is damaged, or lacks
 * kikoeru's tables or columns fails here with a message naming what is wrong, and nothing changes.
 * Extra tables and columns (the forks add some) are ignored; the optional `t_tag.i18n` (tag names in
 * several languages, as asmr.one serves them) is read when present.
 */
export class KikoeruSourceError extends Error {}

/** kikoeru's tables and the columns the import reads (the upstream schema since 2021). */
export const REQUIRED_COLUMNS = {
  t_circle: ['id', 'name'],
  t_work: [
    'id',
    'title',
    'circle_id',
    'nsfw',
    'release',
    'dl_count',
    'price',
    'review_count',
    'rate_count',
    'rate_average_2dp',
    'rate_count_detail',
    'rank',
  ],
  t_tag: ['id', 'name'],
  t_va: ['id', 'name'],
  r_tag_work: ['tag_id', 'work_id'],
  r_va_work: ['va_id', 'work_id'],
  t_user: ['name', 'password', 'group'],
  t_review: ['user_name', 'work_id', 'rating', 'review_text', 'progress', 'updated_at'],
} as const;

type TableName = keyof typeof REQUIRED_COLUMNS;
type Value = string | number | bigint | Buffer | null;
export type KikoeruRow = Record<string, Value>;

export interface KikoeruTables {
  t_circle: KikoeruRow[];
  t_work: KikoeruRow[];
  t_tag: KikoeruRow[];
  t_va: KikoeruRow[];
  r_tag_work: KikoeruRow[];
  r_va_work: KikoeruRow[];
  t_user: KikoeruRow[];
  t_review: KikoeruRow[];
  /** Whether `t_tag` has the `i18n` column. */
  tagI18n: boolean;
}

/** SQLite's codes for "not a database" and "damaged" (better-sqlite3 puts them in `code`). */
const NOT_SQLITE = new Set(['SQLITE_NOTADB']);
const DAMAGED = new Set(['SQLITE_CORRUPT', 'SQLITE_CORRUPT_VTAB', 'SQLITE_CORRUPT_SEQUENCE']);

function explain(path: string, error: unknown): KikoeruSourceError {
  const code = (error as { code?: string }).code ?? '';
  const detail = (error as Error).message;
  if (NOT_SQLITE.has(code)) return new KikoeruSourceError(`${path} is not an SQLite database (${detail})`);
  if (DAMAGED.has(code))
    return new KikoeruSourceError(`${path} is a damaged SQLite database (${detail}); nothing was imported`);
  return new KikoeruSourceError(`${path} could not be read: ${detail}`);
}

function checkSchema(db: Database.Database, path: string): boolean {
  const tables = new Set(
    db.prepare("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')").pluck().all() as string[],
  );
  const missing = Object.keys(REQUIRED_COLUMNS).filter((table) => !tables.has(table));
  if (missing.length > 0) {
    throw new KikoeruSourceError(
      `${path} is not a kikoeru-express database: it has no table ${missing.join(', ')}`,
    );
  }
  let tagI18n = false;
  for (const [table, required] of Object.entries(REQUIRED_COLUMNS)) {
    const columns = new Set(
      db
        .prepare(`PRAGMA table_info("${table}")`)
        .all()
        .map((c) => (c as { name: string }).name),
    );
    const absent = required.filter((column) => !columns.has(column));
    if (absent.length > 0) {
      throw new KikoeruSourceError(
        `${path} is not a kikoeru-express database as expected: table ${table} has no column ${absent.join(', ')} (it has ${[...columns].join(', ')})`,
      );
    }
    if (table === 't_tag') tagI18n = columns.has('i18n');
  }
  return tagI18n;
}

/** Opens the file read-only, checks it and reads every table the import needs. */
export function readKikoeruDatabase(path: string): KikoeruTables {
  if (!existsSync(path) || !statSync(path).isFile()) throw new KikoeruSourceError(`${path}: no such file`);
  let db: Database.Database;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw explain(path, error);
  }
  try {
    const check = db.prepare('PRAGMA quick_check').pluck().all() as string[];
    if (check.length !== 1 || check[0] !== 'ok') {
      throw new KikoeruSourceError(
        `${path} is a damaged SQLite database (quick_check: ${check.slice(0, 3).join('; ')}); nothing was imported`,
      );
    }
    const tagI18n = checkSchema(db, path);
    const read = (table: TableName, columns: readonly string[]) =>
      db.prepare(`SELECT ${columns.map((c) => `"${c}"`).join(', ')} FROM "${table}"`).all() as KikoeruRow[];
    return {
      t_circle: read('t_circle', REQUIRED_COLUMNS.t_circle),
      t_work: read('t_work', REQUIRED_COLUMNS.t_work),
      t_tag: read('t_tag', tagI18n ? [...REQUIRED_COLUMNS.t_tag, 'i18n'] : REQUIRED_COLUMNS.t_tag),
      t_va: read('t_va', REQUIRED_COLUMNS.t_va),
      r_tag_work: read('r_tag_work', REQUIRED_COLUMNS.r_tag_work),
      r_va_work: read('r_va_work', REQUIRED_COLUMNS.r_va_work),
      t_user: read('t_user', REQUIRED_COLUMNS.t_user),
      t_review: read('t_review', REQUIRED_COLUMNS.t_review),
      tagI18n,
    };
  } catch (error) {
    if (error instanceof KikoeruSourceError) throw error;
    throw explain(path, error);
  } finally {
    db.close();
  }
}
