import type { Kysely } from 'kysely';
import type { DialectKind } from '../dialect.js';

/**
 * `works.cover_source`: which image (or audio file's embedded picture) the cover was made from, with its
 * size and modification time, so a rescan skips remaking covers whose source did not change.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectKind): Promise<void> {
  await db.schema.alterTable('works').addColumn('cover_source', 'text').execute();
}
