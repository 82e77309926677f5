import type { UserGroup } from '@sasayaki/api-contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '../db/schema.js';

export type UserRow = Selectable<UsersTable>;

export class UserRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByName(name: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('name', '=', name).executeTakeFirst();
  }

  list(): Promise<UserRow[]> {
    return this.db.selectFrom('users').selectAll().orderBy('name').execute();
  }

  async countInGroup(group: UserGroup): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('group', '=', group)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Inserts a user; false when the name is taken (the unique index decides, so races are safe). */
  async create(name: string, passwordHash: string, group: UserGroup): Promise<boolean> {
    const now = new Date().toISOString();
    const result = await this.db
      .insertInto('users')
      .values({ name, password_hash: passwordHash, group, created_at: now, password_changed_at: now })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Sets a new password; moving `password_changed_at` revokes every token issued before. */
  async setPassword(id: number, passwordHash: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ password_hash: passwordHash, password_changed_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
  }

  async setGroup(id: number, group: UserGroup): Promise<void> {
    await this.db.updateTable('users').set({ group }).where('id', '=', id).execute();
  }

  /** Reviews and resume positions go with the user (foreign keys cascade); feedback keeps the name. */
  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('users').where('id', '=', id).execute();
  }
}
