import type { Kysely } from 'kysely';

/**
 * Language editions as list filters (issue 12 item 4, issue 14 item 6; docs/metadata.md "Language
 * editions"): `is_translation` (1 when the metadata says the work is a translation) behind the translated
 * filter, `translation_of` (the original's id) behind folding translations into their original's card,
 * and an index on the edition's language (`lang`, from the metadata providers' migration) behind
 * `$lang:xx$`. The merge fills them for every work of a group of editions
 * (`placeEditionGroup` of metadata/edition-claims.ts); no work has translation metadata
 * before this migration, so there is nothing to fill here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('works')
    .addColumn('is_translation', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('works').addColumn('translation_of', 'integer').execute();
  await db.schema.createIndex('works_lang').on('works').columns(['lang', 'missing']).execute();
  await db.schema
    .createIndex('works_translation')
    .on('works')
    .columns(['is_translation', 'missing'])
    .execute();
  // Counting the folded list (every present work whose original is not present) reads only this index.
  await db.schema
    .createIndex('works_translation_of')
    .on('works')
    .columns(['missing', 'translation_of'])
    .execute();
}
