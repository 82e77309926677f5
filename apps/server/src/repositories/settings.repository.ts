import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** Small named values kept in the database, so every server process sharing it sees the same. */
export class SettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async get(key: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirst();
    return row?.value ?? null;
  }

  async set(key: string, value: string): Promise<void> {
    await this.db
      .insertInto('settings')
      .values({ key, value })
      .onConflict((conflict) => conflict.column('key').doUpdateSet({ value }))
      .execute();
  }

  async delete(key: string): Promise<void> {
    await this.db.deleteFrom('settings').where('key', '=', key).execute();
  }
}
