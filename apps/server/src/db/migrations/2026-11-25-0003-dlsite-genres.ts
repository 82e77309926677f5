import type { Kysely } from 'kysely';

/**
 * The names of DLsite's genres (tags) in each language, by genre id (metadata/dlsite/genre-names.ts): a
 * genre's names are fetched once, with the first work that has it, and every later work reuses them, so a
 * work needs one product JSON request instead of one per language.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dlsite_genres')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('names', 'text', (c) => c.notNull())
    .addColumn('fetched_at', 'text', (c) => c.notNull())
    .execute();
}
