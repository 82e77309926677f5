import { LOCAL_ID_BASE } from '@sasayaki/api-contract';
import type { Kysely } from 'kysely';
import type { Database, FolderWorkIdsTable } from '../db/schema.js';

export type FolderWorkId = FolderWorkIdsTable;

/** A folder as the scanner stores it: its library root and its path below (text, plus raw bytes if lossy). */
export interface FolderRef {
  rootDir: string;
  dir: string;
  dirRaw: string | null;
}

/** Key of a folder in maps built from `list()`. */
export function folderKey(rootDir: string, dir: string): string {
  return `${rootDir}\u0000${dir}`;
}

/** Folders whose work id is not their name's code (migration 2026-11-25-0002). */
export class FolderWorkIdRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Every row: a few per library at most (local works, works given a code), read once per scan. */
  list(): Promise<FolderWorkId[]> {
    return this.db.selectFrom('folder_work_ids').selectAll().execute();
  }

  findByFolder(folder: FolderRef): Promise<FolderWorkId | undefined> {
    return this.db
      .selectFrom('folder_work_ids')
      .selectAll()
      .where('root_dir', '=', folder.rootDir)
      .where('dir', '=', folder.dir)
      .executeTakeFirst();
  }

  /** The id of the work whose folder is one of `dirs` under the root, if any. */
  async workIdAt(rootDir: string, dirs: readonly string[]): Promise<number | null> {
    const row = await this.db
      .selectFrom('works')
      .select('id')
      .where('root_dir', '=', rootDir)
      .where('dir', 'in', dirs)
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /** Content signature → id of the works with a row here whose folder is gone (missing). */
  async vanishedBySignature(): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('folder_work_ids')
      .innerJoin('works', 'works.id', 'folder_work_ids.id')
      .select(['works.id', 'works.content_signature'])
      .where('works.missing', '=', 1)
      .execute();
    return new Map(rows.flatMap((row) => (row.content_signature ? [[row.content_signature, row.id]] : [])));
  }

  /** The next local id: one past the highest given (ids are never reused, so a deleted one stays free). */
  async nextLocalId(): Promise<number> {
    const row = await this.db
      .selectFrom('folder_work_ids')
      .select((eb) => eb.fn.max('id').as('max'))
      .where('id', '>', LOCAL_ID_BASE)
      .executeTakeFirst();
    return Math.max(LOCAL_ID_BASE, Number(row?.max ?? 0)) + 1;
  }

  async insert(id: number, folder: FolderRef, marked: boolean, now: string): Promise<void> {
    await this.db
      .insertInto('folder_work_ids')
      .values({
        id,
        root_dir: folder.rootDir,
        dir: folder.dir,
        dir_raw: folder.dirRaw,
        marked: marked ? 1 : 0,
        created_at: now,
      })
      .execute();
  }

  /** The folder was renamed (same content): the id follows it. */
  async move(id: number, folder: FolderRef): Promise<void> {
    await this.db
      .updateTable('folder_work_ids')
      .set({ root_dir: folder.rootDir, dir: folder.dir, dir_raw: folder.dirRaw })
      .where('id', '=', id)
      .execute();
  }
}
