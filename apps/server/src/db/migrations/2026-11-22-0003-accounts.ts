import type { Kysely } from 'kysely';
import type { DialectKind } from '../dialect.js';

/**
 * What accounts add beyond users and reviews: resume positions and history (contract 5b), the feedback
 * inbox, and rate-limit counters that several server processes share on PostgreSQL.
 */
export async function up(db: Kysely<unknown>, dialect: DialectKind): Promise<void> {
  const autoId = dialect === 'postgres' ? 'serial' : 'integer';

  // One row per user and file: the upsert a listener's player sends every few seconds.
  await db.schema
    .createTable('playback_positions')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('work_id', 'integer', (c) => c.notNull().references('works.id'))
    .addColumn('file_id', 'integer', (c) => c.notNull())
    .addColumn('position', 'real', (c) => c.notNull())
    .addColumn('duration', 'real')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('playback_positions_pk', ['user_id', 'work_id', 'file_id'])
    .execute();

  // One row per user and work: the history list and "resume at 12:34 in track 3".
  await db.schema
    .createTable('playback_history')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('work_id', 'integer', (c) => c.notNull().references('works.id'))
    .addColumn('last_file_id', 'integer', (c) => c.notNull())
    .addColumn('last_position', 'real', (c) => c.notNull())
    .addColumn('last_played_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('playback_history_pk', ['user_id', 'work_id'])
    .execute();
  await db.schema
    .createIndex('playback_history_recent')
    .on('playback_history')
    .columns(['user_id', 'last_played_at'])
    .execute();

  await db.schema
    .createTable('feedback')
    .addColumn('id', autoId, (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('work_id', 'integer', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('resolved_at', 'text')
    .execute();
  await db.schema.createIndex('feedback_recent').on('feedback').columns(['created_at']).execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();
}
