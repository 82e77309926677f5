import type { Kysely } from 'kysely';

/**
 * Playlists (issue 13, asmr.one's `/api/playlist/…`; docs/clients.md "Playlists"): a member's own lists of
 * works, two of them system lists made on first use, likes of others' lists, and the plays that count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('playlists')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 'marked' | 'liked' for the two system playlists, null for the member's own.
    .addColumn('system', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('privacy', 'integer', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('playback_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('works_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('likes_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('latest_work_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // One of each system playlist per user: two first requests at once make it once (NULLs stay distinct).
  await db.schema
    .createIndex('playlists_system')
    .on('playlists')
    .columns(['user_id', 'system'])
    .unique()
    .execute();
  await db.schema.createIndex('playlists_owner').on('playlists').columns(['user_id', 'updated_at']).execute();
  await db.schema
    .createIndex('playlists_listed')
    .on('playlists')
    .columns(['privacy', 'updated_at'])
    .execute();

  await db.schema
    .createTable('playlist_works')
    .addColumn('playlist_id', 'text', (c) => c.notNull().references('playlists.id').onDelete('cascade'))
    .addColumn('work_id', 'integer', (c) => c.notNull().references('works.id'))
    // Sparse: a move takes the midpoint of its new neighbours, so it rewrites one row.
    .addColumn('position', 'double precision', (c) => c.notNull())
    .addColumn('added_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('playlist_works_pk', ['playlist_id', 'work_id'])
    .execute();
  await db.schema
    .createIndex('playlist_works_order')
    .on('playlist_works')
    .columns(['playlist_id', 'position'])
    .execute();
  // withPlaylistStatus[] and "which of my playlists hold this work" look works up across playlists.
  await db.schema.createIndex('playlist_works_work').on('playlist_works').columns(['work_id']).execute();

  await db.schema
    .createTable('playlist_likes')
    .addColumn('playlist_id', 'text', (c) => c.notNull().references('playlists.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('playlist_likes_pk', ['playlist_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('playlist_likes_user')
    .on('playlist_likes')
    .columns(['user_id', 'created_at'])
    .execute();

  // When each listener's play of a playlist last counted: one play per listener per half hour.
  await db.schema
    .createTable('playlist_plays')
    .addColumn('playlist_id', 'text', (c) => c.notNull().references('playlists.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('counted_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('playlist_plays_pk', ['playlist_id', 'user_id'])
    .execute();
}
