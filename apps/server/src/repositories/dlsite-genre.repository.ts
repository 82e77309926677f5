import type { TagLanguage } from '@sasayaki/api-contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export type GenreNames = Partial<Record<TagLanguage, string>>;

/** DLsite genre names by genre id, in each language fetched (metadata/dlsite/genre-names.ts). */
export class DlsiteGenreRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async find(ids: readonly number[]): Promise<Map<number, GenreNames>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('dlsite_genres')
      .select(['id', 'names'])
      .where('id', 'in', [...ids])
      .execute();
    return new Map(rows.map((row) => [row.id, JSON.parse(row.names) as GenreNames]));
  }

  async save(genres: ReadonlyMap<number, GenreNames>, now: string): Promise<void> {
    for (const [id, names] of genres) {
      const value = JSON.stringify(names);
      await this.db
        .insertInto('dlsite_genres')
        .values({ id, names: value, fetched_at: now })
        .onConflict((conflict) => conflict.column('id').doUpdateSet({ names: value, fetched_at: now }))
        .execute();
    }
  }
}
