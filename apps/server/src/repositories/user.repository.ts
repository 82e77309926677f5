import type { UserGroup } from '@sasayaki/api-contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '../db/schema.js';

export type UserRow = Selectable<UsersTable>;

/**
 * The group of a deleted user whose reviews were kept: the row stays (reviews are keyed by user) under a
 * placeholder name, with no password, no sessions and no personal data; no lookup below ever returns it.
 */
const ANONYMISED_GROUP = 'anonymised';

export interface UserWithCounts extends UserRow {
  ratings: number;
  reviews: number;
}

export class UserRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findById(id: number): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .where('group', '!=', ANONYMISED_GROUP)
      .executeTakeFirst();
  }

  findByName(name: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('name', '=', name)
      .where('group', '!=', ANONYMISED_GROUP)
      .executeTakeFirst();
  }

  /** The account whose name looks like the given one (auth/user-name.ts). */
  findByNameKey(nameKey: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('name_key', '=', nameKey)
      .where('group', '!=', ANONYMISED_GROUP)
      .executeTakeFirst();
  }

  list(): Promise<UserRow[]> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('group', '!=', ANONYMISED_GROUP)
      .orderBy('name')
      .execute();
  }

  /** The Users page: every account with how many works it rated and reviewed (one grouped pass over reviews). */
  async listWithCounts(): Promise<UserWithCounts[]> {
    const rows = await this.db
      .selectFrom('users')
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('reviews')
            .select((r) => [
              'user_id',
              r.fn.count<number>('rating').as('ratings'),
              r.fn.count<number>('review_text').filterWhere('review_text', '!=', '').as('reviews'),
            ])
            .groupBy('user_id')
            .as('counts'),
        (join) => join.onRef('counts.user_id', '=', 'users.id'),
      )
      .selectAll('users')
      .select(['counts.ratings', 'counts.reviews'])
      .where('group', '!=', ANONYMISED_GROUP)
      .orderBy('name')
      .execute();
    return rows.map((row) => ({
      ...row,
      ratings: Number(row.ratings ?? 0),
      reviews: Number(row.reviews ?? 0),
    }));
  }

  /** One update a login (never a request): the Users page's "last login". */
  async recordLogin(id: number, at: string): Promise<void> {
    await this.db.updateTable('users').set({ last_login_at: at }).where('id', '=', id).execute();
  }

  /** Revokes every token of the user (auth/session-version.ts) without touching the password. */
  async signOutEverywhere(id: number, at: string): Promise<void> {
    await this.db.updateTable('users').set({ tokens_valid_after: at }).where('id', '=', id).execute();
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

  /**
   * Keeps the user's reviews and ratings (they stay in the works' averages) under a placeholder that names
   * nobody: the name becomes `deleted user #<id>` behind a zero-width space (a character no new name may
   * hold, so no account can take it), the password can never match, every token is revoked, and the
   * personal rest (resume positions, history, the kikoeru import's link) is deleted.
   */
  async anonymise(id: number, at: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('playback_positions').where('user_id', '=', id).execute();
      await trx.deleteFrom('playback_history').where('user_id', '=', id).execute();
      await trx.deleteFrom('kikoeru_users').where('user_id', '=', id).execute();
      await trx
        .updateTable('users')
        .set({
          name: `\u200Bdeleted user #${id}`,
          name_key: null,
          password_hash: '!',
          group: ANONYMISED_GROUP,
          tokens_valid_after: at,
          last_login_at: null,
        })
        .where('id', '=', id)
        .execute();
    });
  }

  /** Reviews and resume positions go with the user (foreign keys cascade); feedback keeps the name. */
  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('users').where('id', '=', id).execute();
  }
}
