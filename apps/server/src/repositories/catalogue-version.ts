import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * The catalogue's version outside scans. Every process caches lists, works and label lists per catalogue
 * version (services/catalogue-cache.ts) and reads the version at most once a second; a scan moves it by
 * its heartbeat, and every other write that changes what a work or a label list shows (a metadata merge,
 * a hand edit, a new code, an import) must call `markCatalogueChanged` in its transaction, as its last
 * statement: the row stays locked only until that commit, so writers never wait on each other for long.
 */
export async function markCatalogueChanged(db: Kysely<Database>): Promise<void> {
  await db
    .updateTable('catalogue_version')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', 1)
    .execute();
}

export async function readCatalogueVersion(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('catalogue_version')
    .select('version')
    .where('id', '=', 1)
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}
