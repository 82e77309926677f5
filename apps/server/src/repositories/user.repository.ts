import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { RequestUser } from '../http/plugins/current-user.plugin.js';

export class UserRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The administrator that stands for everyone when accounts are off; it has no password to log in with. */
  async ensureLocalAdministrator(): Promise<RequestUser> {
    const now = new Date().toISOString();
    await this.db
      .insertInto('users')
      .values({
        name: 'admin',
        password_hash: '',
        group: 'administrator',
        created_at: now,
        password_changed_at: now,
      })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('users')
      .select(['id', 'name', 'group'])
      .where('name', '=', 'admin')
      .executeTakeFirstOrThrow();
    return { id: row.id, name: row.name, group: row.group as RequestUser['group'] };
  }
}
