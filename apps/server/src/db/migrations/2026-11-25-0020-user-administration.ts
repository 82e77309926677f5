import type { Kysely } from 'kysely';

/**
 * The Users page and the feedback inbox (issue 15, docs/administration.md):
 * - `users.last_login_at`: written by each successful login (never by a request: it costs one update a
 *   login, nothing on the hot paths);
 * - `users.tokens_valid_after`: "sign out of every device". A token names the session version it was
 *   issued under (`password_changed_at` until now); the version is now the later of the two columns, so
 *   moving this one revokes every token without pretending the password changed. Null keeps every token
 *   issued before this migration valid;
 * - `feedback.file_id`: the file a report is about, when the listener named one (a link in the inbox);
 * - an index for the inbox's newest-first list of open items and for the sidebar's open count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('last_login_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('tokens_valid_after', 'text').execute();
  await db.schema.alterTable('feedback').addColumn('file_id', 'integer').execute();
  await db.schema
    .createIndex('feedback_resolved_created')
    .on('feedback')
    .columns(['resolved_at', 'created_at'])
    .execute();
}
