import type { Kysely } from 'kysely';

/**
 * Accounts brought in from kikoeru-express (`sasayaki import-kikoeru`, docs/metadata.md): which Sasayaki
 * user each kikoeru name became. A second import finds its own users here and leaves them alone (their
 * password may have been re-hashed or changed since), where a name that merely looks the same is a
 * collision, reported and skipped. The row goes with the user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('kikoeru_users')
    .addColumn('kikoeru_name', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('kikoeru_users_user').on('kikoeru_users').column('user_id').execute();
}
