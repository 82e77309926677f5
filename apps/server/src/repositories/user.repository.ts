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

  /** The account whose name looks like the given one (auth/user-name.ts). */
  findByNameKey(nameKey: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('name_key', '=', nameKey).executeTakeFirst();
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

  /**
   * Inserts a user; false when the name or its look-alike key is taken (the unique indexes decide, so
   * races are safe).
   */
  async create(name: string, nameKey: string, passwordHash: string, group: UserGroup): Promise<boolean> {
    const now = new Date().toISOString();
    const result = await this.db
      .insertInto('users')
      .values({
        name,
        name_key: nameKey,
        password_hash: passwordHash,
        group,
        created_at: now,
        password_changed_at: now,
      })
      .onConflict((conflict) => conflict.doNothing())
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

  /**
   * Swaps one hash for another of the same password (an imported md5 upgraded to argon2id): tokens stay
   * valid, and nothing happens if the stored hash is no longer `from`.
   */
  async replacePasswordHash(id: number, from: string, to: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ password_hash: to })
      .where('id', '=', id)
      .where('password_hash', '=', from)
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
