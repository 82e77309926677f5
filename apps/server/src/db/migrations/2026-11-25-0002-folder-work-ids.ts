import type { Kysely } from 'kysely';

/**
 * Works without a DLsite code and works given another code (docs/metadata.md, "Works without a code"),
 * and the audio tag values the placeholder rule counts ("Folder names and audio tags").
 *
 * `folder_work_ids`: a folder whose work id is not its name's code. A folder without a code (it has a
 * workinfo.json, or an administrator marked it: `marked`) keeps the local id it was given (LOCAL_ID_BASE +
 * n) across rescans; a work given a code by an administrator keeps it although its folder's name says
 * another (or none). When such a folder is renamed with the same content, the scan moves the row to the
 * new path instead of numbering it again.
 *
 * `work_audio_tags`: each work's raw album / artist / albumartist values, replaced in the work's commit, so
 * how many works carry a value is one indexed count, not a read of every work.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('folder_work_ids')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('root_dir', 'text', (c) => c.notNull())
    .addColumn('dir', 'text', (c) => c.notNull())
    .addColumn('dir_raw', 'text')
    .addColumn('marked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('folder_work_ids_folder')
    .on('folder_work_ids')
    .columns(['root_dir', 'dir'])
    .unique()
    .execute();

  await db.schema
    .createTable('work_audio_tags')
    .addColumn('work_id', 'integer', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('work_audio_tags_pk', ['work_id', 'field', 'value'])
    .execute();
  await db.schema
    .createIndex('work_audio_tags_value')
    .on('work_audio_tags')
    .columns(['field', 'value'])
    .execute();
}
