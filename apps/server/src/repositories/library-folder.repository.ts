import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { markCatalogueChanged } from './catalogue-version.js';

/** Works by library folder, for the Settings page's list of folders and the removal of one. */
export class LibraryFolderRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Present (not missing) works of each library folder that has any. */
  async presentWorksByRoot(): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('works')
      .select((eb) => ['root_dir', eb.fn.countAll<number | string>().as('works')])
      .where('missing', '=', 0)
      .groupBy('root_dir')
      .execute();
    return new Map(rows.map((row) => [row.root_dir, Number(row.works)]));
  }

  /**
   * Hides the present works of removed library folders: marked missing like the works of a vanished
   * folder (their rows, files, reviews and progress stay, and a scan of the folder added again brings them
   * back). Moves the catalogue version in the same transaction, so every process drops its cached lists.
   * Returns the ids hidden.
   */
  async hideWorksOf(roots: readonly string[], now: string): Promise<number[]> {
    if (roots.length === 0) return [];
    return this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('works')
        .select('id')
        .where('root_dir', 'in', roots)
        .where('missing', '=', 0)
        .execute();
      await trx
        .updateTable('works')
        .set({ missing: 1, scanned_at: now })
        .where('root_dir', 'in', roots)
        .where('missing', '=', 0)
        .execute();
      await markCatalogueChanged(trx);
      return rows.map((row) => row.id);
    });
  }
}
