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
    return (await this.hide('in', roots, now)).map((row) => row.id);
  }

  /**
   * Hides, as `hideWorksOf` does, the present works of every folder that is not one of `roots` (the library
   * folders configured now): at start-up, a folder taken out of the configuration while the server was down.
   * Returns the ids hidden and their folders.
   */
  async hideWorksOutside(roots: readonly string[], now: string): Promise<{ ids: number[]; roots: string[] }> {
    const rows = await this.hide('not in', roots, now);
    return { ids: rows.map((row) => row.id), roots: [...new Set(rows.map((row) => row.root_dir))] };
  }

  /** Marks missing the present works whose folder is (`in`) or is not (`not in`) one of `roots`. */
  private hide(
    operator: 'in' | 'not in',
    roots: readonly string[],
    now: string,
  ): Promise<Array<{ id: number; root_dir: string }>> {
    return this.db.transaction().execute(async (trx) => {
      // `not in ()` is no SQL: outside no folder at all is every present work.
      const select = trx.selectFrom('works').select(['id', 'root_dir']).where('missing', '=', 0);
      const rows = await (roots.length > 0 ? select.where('root_dir', operator, roots) : select).execute();
      if (rows.length === 0) return rows;
      const update = trx.updateTable('works').set({ missing: 1, scanned_at: now }).where('missing', '=', 0);
      await (roots.length > 0 ? update.where('root_dir', operator, roots) : update).execute();
      await markCatalogueChanged(trx);
      return rows;
    });
  }
}
