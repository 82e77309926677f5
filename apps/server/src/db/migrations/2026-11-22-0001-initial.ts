import { type Kysely, sql } from 'kysely';
import type { DialectKind } from '../dialect.js';

/**
 * The first schema: catalogue (works, labels, files), scans, and the tables the accounts issue builds
 * on (users, reviews). Indexes cover every order and filter of the works API (contract section 4).
 */
export async function up(db: Kysely<unknown>, dialect: DialectKind): Promise<void> {
  const autoId = dialect === 'postgres' ? 'serial' : 'integer';

  await db.schema
    .createTable('circles')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .execute();

  await db.schema
    .createTable('tags')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('i18n', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();

  await db.schema
    .createTable('vas')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .execute();

  await db.schema
    .createTable('works')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('circle_id', 'integer', (c) => c.references('circles.id'))
    .addColumn('release', 'text')
    .addColumn('create_date', 'text', (c) => c.notNull())
    .addColumn('price', 'integer')
    .addColumn('dl_count', 'integer')
    .addColumn('nsfw', 'integer')
    .addColumn('age', 'text')
    .addColumn('has_subtitle', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rate_average_2dp', 'real')
    .addColumn('rate_count', 'integer')
    .addColumn('rate_count_detail', 'text')
    .addColumn('review_count', 'integer')
    .addColumn('duration', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('root_dir', 'text', (c) => c.notNull())
    .addColumn('dir', 'text', (c) => c.notNull())
    .addColumn('dir_raw', 'text')
    .addColumn('content_signature', 'text')
    .addColumn('metadata_source', 'text', (c) => c.notNull())
    .addColumn('cover_key', 'text')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('missing', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('scanned_at', 'text', (c) => c.notNull())
    .execute();

  // Every order is an index walk: works are paged by `ORDER BY column, release DESC, id DESC` with nulls
  // last in both directions (see work.repository.ts), so each column gets one index per direction.
  const orderColumns = [
    'create_date',
    'dl_count',
    'price',
    'rate_average_2dp',
    'review_count',
    'nsfw',
    'title',
    'duration',
  ];
  for (const column of orderColumns) {
    for (const dir of ['asc', 'desc'] as const) {
      const key =
        dialect === 'postgres'
          ? `${column} ${dir} NULLS LAST, release DESC NULLS LAST, id DESC`
          : dir === 'asc'
            ? `(${column} IS NULL), ${column}, release DESC, id DESC`
            : `${column}, release, id`;
      await sql.raw(`CREATE INDEX works_order_${column}_${dir} ON works (missing, ${key})`).execute(db);
    }
  }
  const releaseKeys =
    dialect === 'postgres'
      ? { asc: 'release ASC NULLS LAST, id DESC', desc: 'release DESC NULLS LAST, id DESC' }
      : { asc: '(release IS NULL), release, id DESC', desc: 'release, id' };
  for (const [dir, key] of Object.entries(releaseKeys)) {
    await sql.raw(`CREATE INDEX works_order_release_${dir} ON works (missing, ${key})`).execute(db);
  }
  await db.schema.createIndex('works_order_id').on('works').columns(['missing', 'id']).execute();
  await db.schema.createIndex('works_circle').on('works').columns(['circle_id', 'missing']).execute();
  await db.schema
    .createIndex('works_subtitle')
    .on('works')
    .columns(['has_subtitle', 'missing', 'release', 'id'])
    .execute();

  await db.schema
    .createTable('work_tags')
    .addColumn('work_id', 'integer', (c) => c.notNull().references('works.id').onDelete('cascade'))
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id'))
    .addPrimaryKeyConstraint('work_tags_pk', ['work_id', 'tag_id'])
    .execute();
  await db.schema.createIndex('work_tags_tag').on('work_tags').columns(['tag_id', 'work_id']).execute();

  await db.schema
    .createTable('work_vas')
    .addColumn('work_id', 'integer', (c) => c.notNull().references('works.id').onDelete('cascade'))
    .addColumn('va_id', 'text', (c) => c.notNull().references('vas.id'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('work_vas_pk', ['work_id', 'va_id'])
    .execute();
  await db.schema.createIndex('work_vas_va').on('work_vas').columns(['va_id', 'work_id']).execute();

  await db.schema
    .createTable('files')
    .addColumn('work_id', 'integer', (c) => c.notNull().references('works.id').onDelete('cascade'))
    .addColumn('file_id', 'integer', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('path_raw', 'text')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('mtime_ms', 'bigint', (c) => c.notNull())
    .addColumn('duration', 'real')
    .addColumn('bitrate', 'integer')
    .addColumn('subtitle_file_id', 'integer')
    .addColumn('sort_index', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('files_pk', ['work_id', 'file_id'])
    .execute();
  await db.schema.createIndex('files_path').on('files').columns(['work_id', 'path']).unique().execute();

  await db.schema
    .createTable('scans')
    .addColumn('id', autoId, (c) => c.primaryKey())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('heartbeat_at', 'text', (c) => c.notNull())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('cancel_requested', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('counts', 'text', (c) => c.notNull())
    .addColumn('current', 'text')
    .addColumn('errors', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  // At most one running scan, whichever process started it: the database enforces it.
  await sql`CREATE UNIQUE INDEX scans_one_running ON scans (status) WHERE status = 'running'`.execute(db);

  await db.schema
    .createTable('users')
    .addColumn('id', autoId, (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('group', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('password_changed_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('reviews')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // No cascade from works: a work is never deleted, only marked missing, and reviews outlive scans.
    .addColumn('work_id', 'integer', (c) => c.notNull().references('works.id'))
    .addColumn('rating', 'real')
    .addColumn('review_text', 'text')
    .addColumn('progress', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('reviews_pk', ['user_id', 'work_id'])
    .execute();
  await db.schema
    .createIndex('reviews_user_updated')
    .on('reviews')
    .columns(['user_id', 'updated_at'])
    .execute();
  await db.schema.createIndex('reviews_work').on('reviews').columns(['work_id']).execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  // Plain words search `works.search_text` by substring, Japanese and Chinese included: trigram indexes.
  if (dialect === 'sqlite') {
    await sql`CREATE VIRTUAL TABLE works_fts USING fts5(search_text, content='works', content_rowid='id', tokenize='trigram')`.execute(
      db,
    );
    await sql`CREATE TRIGGER works_fts_insert AFTER INSERT ON works BEGIN
      INSERT INTO works_fts(rowid, search_text) VALUES (new.id, new.search_text); END`.execute(db);
    await sql`CREATE TRIGGER works_fts_delete AFTER DELETE ON works BEGIN
      INSERT INTO works_fts(works_fts, rowid, search_text) VALUES ('delete', old.id, old.search_text); END`.execute(
      db,
    );
    await sql`CREATE TRIGGER works_fts_update AFTER UPDATE OF search_text ON works BEGIN
      INSERT INTO works_fts(works_fts, rowid, search_text) VALUES ('delete', old.id, old.search_text);
      INSERT INTO works_fts(rowid, search_text) VALUES (new.id, new.search_text); END`.execute(db);
  } else {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    await sql`CREATE INDEX works_search_trgm ON works USING gin (search_text gin_trgm_ops)`.execute(db);
  }
}
