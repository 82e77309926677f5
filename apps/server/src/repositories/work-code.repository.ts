import { formatWorkCode } from '@sasayaki/api-contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { isUniqueViolation } from '../util/unique-violation.js';
import { markCatalogueChanged } from './catalogue-version.js';

/** Every table that holds rows of one work by `work_id`: they all follow a work to its new id. */
const WORK_TABLES = [
  'work_tags',
  'work_vas',
  'files',
  'reviews',
  'playback_positions',
  'playback_history',
  'playlist_works',
  'feedback',
  'work_metadata',
  'work_edits',
  'work_edition_links',
  'work_audio_tags',
  'work_tag_votes',
  'work_tag_attachments',
] as const satisfies ReadonlyArray<keyof Database>;

/** Tables without a foreign key to `works`: rows there may name an id that has no work (yet). */
const UNCHECKED_TABLES = ['work_metadata', 'work_edits', 'work_edition_links', 'work_audio_tags'] as const;

export type MoveOutcome = 'moved' | 'not_found' | 'taken';

/** Gives a work another id (code), with everything that hangs on it, in one transaction. */
export class WorkCodeRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async exists(id: number): Promise<boolean> {
    const row = await this.db.selectFrom('works').select('id').where('id', '=', id).executeTakeFirst();
    return row !== undefined;
  }

  /** 'taken' also when another transaction gave the same code at the same moment (its insert came first). */
  async moveWork(oldId: number, newId: number, now: string): Promise<MoveOutcome> {
    try {
      return await this.move(oldId, newId, now);
    } catch (error) {
      if (isUniqueViolation(error)) return 'taken';
      throw error;
    }
  }

  private move(oldId: number, newId: number, now: string): Promise<MoveOutcome> {
    return this.db.transaction().execute(async (trx) => {
      const work = await trx.selectFrom('works').selectAll().where('id', '=', oldId).executeTakeFirst();
      if (!work) return 'not_found';
      const taken = await trx.selectFrom('works').select('id').where('id', '=', newId).executeTakeFirst();
      if (taken) return 'taken';
      // Leftovers of a work that is gone would otherwise be adopted by this one, or collide with its rows.
      for (const table of UNCHECKED_TABLES)
        await trx.deleteFrom(table).where('work_id', '=', newId).execute();
      // The new row first (children's foreign keys need it), the old one last (its label counts go with it).
      await trx
        .insertInto('works')
        .values({
          ...work,
          id: newId,
          search_text: work.search_text.replace(
            formatWorkCode(oldId).toLowerCase(),
            formatWorkCode(newId).toLowerCase(),
          ),
        })
        .execute();
      for (const table of WORK_TABLES) {
        await trx.updateTable(table).set({ work_id: newId }).where('work_id', '=', oldId).execute();
      }
      await trx
        .updateTable('work_edition_links')
        .set({ edition_id: newId })
        .where('edition_id', '=', oldId)
        .execute();
      // A playlist's cover is its latest work's.
      await trx
        .updateTable('playlists')
        .set({ latest_work_id: newId })
        .where('latest_work_id', '=', oldId)
        .execute();
      // Other works that name this one: editions linking to it, translations folded into its card.
      await trx
        .updateTable('works')
        .set({ translation_of: newId })
        .where('translation_of', '=', oldId)
        .execute();
      // The folder keeps its new id across rescans, whatever its name says.
      const folder = await trx
        .selectFrom('folder_work_ids')
        .select('id')
        .where('id', '=', oldId)
        .executeTakeFirst();
      if (folder) {
        await trx.updateTable('folder_work_ids').set({ id: newId }).where('id', '=', oldId).execute();
      } else {
        await trx
          .deleteFrom('folder_work_ids')
          .where('root_dir', '=', work.root_dir)
          .where('dir', '=', work.dir)
          .execute();
        await trx
          .insertInto('folder_work_ids')
          .values({
            id: newId,
            root_dir: work.root_dir,
            dir: work.dir,
            dir_raw: work.dir_raw,
            marked: 0,
            created_at: now,
          })
          .execute();
      }
      await trx.deleteFrom('works').where('id', '=', oldId).execute();
      await markCatalogueChanged(trx);
      return 'moved';
    });
  }
}
