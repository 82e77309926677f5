import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** A user as the import needs to see them: to match names and find its own earlier imports. */
export interface ImportTargetUser {
  id: number;
  name: string;
  name_key: string | null;
  password_hash: string;
  group: string;
}

export interface ImportedReviewRow {
  user_id: number;
  work_id: number;
  rating: number | null;
  review_text: string | null;
  progress: string | null;
  updated_at: string;
}

export interface NewImportedUser {
  name: string;
  name_key: string;
  password_hash: string;
}

/** Rows per statement: well under SQLite's and PostgreSQL's bound-parameter limits. */
const BATCH = 500;

function chunks<T>(items: readonly T[], size = BATCH): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

/**
 * The SQL of `sasayaki import-kikoeru` (import-kikoeru/): everything it reads and writes in the target
 * database, on the transaction the import runs in. Every insert skips rows that exist, so a second run
 * (or a user registering meanwhile) never fails half-way.
 */
export class KikoeruImportRepository {
  constructor(private readonly db: Kysely<Database>) {}

  users(): Promise<ImportTargetUser[]> {
    return this.db.selectFrom('users').select(['id', 'name', 'name_key', 'password_hash', 'group']).execute();
  }

  /** kikoeru name → Sasayaki user id, for the accounts earlier imports made. */
  async importedUsers(): Promise<Map<string, number>> {
    const rows = await this.db.selectFrom('kikoeru_users').select(['kikoeru_name', 'user_id']).execute();
    return new Map(rows.map((row) => [row.kikoeru_name, row.user_id]));
  }

  /** Inserts the users (as group `user`) and records them as imported; returns kikoeru name → new id. */
  async addUsers(
    users: Array<NewImportedUser & { kikoeruName: string }>,
    now: string,
  ): Promise<Map<string, number>> {
    const ids = new Map<string, number>();
    for (const batch of chunks(users)) {
      const inserted = await this.db
        .insertInto('users')
        .values(
          batch.map((user) => ({
            name: user.name,
            name_key: user.name_key,
            password_hash: user.password_hash,
            group: 'user',
            created_at: now,
            password_changed_at: now,
          })),
        )
        .onConflict((conflict) => conflict.doNothing())
        .returning(['id', 'name'])
        .execute();
      const byName = new Map(inserted.map((row) => [row.name, row.id]));
      const mapped = batch.flatMap((user) => {
        const id = byName.get(user.name);
        return id === undefined ? [] : [{ kikoeru_name: user.kikoeruName, user_id: id }];
      });
      if (mapped.length) await this.db.insertInto('kikoeru_users').values(mapped).execute();
      for (const row of mapped) ids.set(row.kikoeru_name, row.user_id);
    }
    return ids;
  }

  async setPasswordHash(userId: number, passwordHash: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ password_hash: passwordHash })
      .where('id', '=', userId)
      .execute();
  }

  /** The works among `ids` that exist, and whether each is missing (not in the library). */
  async works(ids: readonly number[]): Promise<Map<number, boolean>> {
    const result = new Map<number, boolean>();
    for (const batch of chunks(ids)) {
      const rows = await this.db
        .selectFrom('works')
        .select(['id', 'missing'])
        .where('id', 'in', batch)
        .execute();
      for (const row of rows) result.set(row.id, row.missing !== 0);
    }
    return result;
  }

  /**
   * Rows for works not in the library, hidden (`missing`) like works whose folder went away: reviews need
   * a work to point at, and a later scan that finds the folder fills the row in (the scanner upserts by
   * id and treats a row without a signature as changed), bringing its reviews back with it.
   */
  async addAbsentWorks(works: ReadonlyArray<{ id: number; title: string }>, now: string): Promise<void> {
    for (const batch of chunks(works)) {
      await this.db
        .insertInto('works')
        .values(
          batch.map((work) => ({
            id: work.id,
            title: work.title,
            circle_id: null,
            release: null,
            create_date: now,
            price: null,
            dl_count: null,
            nsfw: null,
            age: null,
            rate_average_2dp: null,
            rate_count: null,
            rate_count_detail: null,
            review_count: null,
            root_dir: '',
            dir: '',
            dir_raw: null,
            content_signature: null,
            metadata_source: 'kikoeru',
            cover_key: null,
            cover_source: null,
            missing: 1,
            scanned_at: now,
          })),
        )
        .onConflict((conflict) => conflict.column('id').doNothing())
        .execute();
    }
  }

  /** The `kikoeru` provider's stored answers (status and data JSON) of these works. */
  async kikoeruAnswers(workIds: readonly number[]): Promise<Map<number, { status: string; data: string }>> {
    const result = new Map<number, { status: string; data: string }>();
    for (const batch of chunks(workIds)) {
      const rows = await this.db
        .selectFrom('work_metadata')
        .select(['work_id', 'status', 'data'])
        .where('provider', '=', 'kikoeru')
        .where('work_id', 'in', batch)
        .execute();
      for (const row of rows) result.set(row.work_id, { status: row.status, data: row.data });
    }
    return result;
  }

  /** The stored reviews of these users, by `user_id:work_id`. */
  async reviews(userIds: readonly number[]): Promise<Map<string, ImportedReviewRow>> {
    const result = new Map<string, ImportedReviewRow>();
    for (const batch of chunks(userIds)) {
      const rows = await this.db
        .selectFrom('reviews')
        .select(['user_id', 'work_id', 'rating', 'review_text', 'progress', 'updated_at'])
        .where('user_id', 'in', batch)
        .execute();
      for (const row of rows) result.set(`${row.user_id}:${row.work_id}`, row);
    }
    return result;
  }

  async addReviews(reviews: readonly ImportedReviewRow[]): Promise<void> {
    for (const batch of chunks(reviews)) {
      await this.db
        .insertInto('reviews')
        .values([...batch])
        .onConflict((conflict) => conflict.columns(['user_id', 'work_id']).doNothing())
        .execute();
    }
  }

  /** How many circles, tags and voice actors the catalogue holds (the import reports the new ones). */
  async labelCounts(): Promise<{ circles: number; tags: number; vas: number }> {
    const count = async (table: 'circles' | 'tags' | 'vas') =>
      Number(
        (
          await this.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return { circles: await count('circles'), tags: await count('tags'), vas: await count('vas') };
  }
}
