import type { Kysely } from 'kysely';

/**
 * Tag votes (issue 13, asmr.one's `/api/vote/…`; docs/clients.md "Tag votes"):
 * - `work_tag_votes`: one member's vote on one tag of one work, 1 up or 2 down (the apps' `status`;
 *   clearing a vote deletes its row). Keyed by member first, so a member's votes on a work are one range;
 *   the second index counts a work's votes per tag for its card, an index-only probe per tag.
 * - `work_tag_attachments`: tags members attached to a work (`attach-tags-to-work`). Kept apart from
 *   `work_tags`, which every metadata merge rewrites from the providers: an attached tag outlives refreshes.
 * Both follow a work to a new code (work-code.repository.ts) and go with a deleted tag or member.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('work_tag_votes')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('work_id', 'integer', (c) => c.notNull().references('works.id').onDelete('cascade'))
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addColumn('vote', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('work_tag_votes_pk', ['user_id', 'work_id', 'tag_id'])
    .execute();
  await db.schema
    .createIndex('work_tag_votes_count')
    .on('work_tag_votes')
    .columns(['work_id', 'tag_id', 'vote'])
    .execute();

  await db.schema
    .createTable('work_tag_attachments')
    .addColumn('work_id', 'integer', (c) => c.notNull().references('works.id').onDelete('cascade'))
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    // Who attached it first; null once that member is deleted (the tag stays).
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('work_tag_attachments_pk', ['work_id', 'tag_id'])
    .execute();
}
