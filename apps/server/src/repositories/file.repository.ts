import type { Kysely } from 'kysely';
import type { Database, FileRow } from '../db/schema.js';

/** A file as the media routes need it: its row plus where its work lives. */
export interface LocatedFile extends FileRow {
  root_dir: string;
  dir: string;
  dir_raw: string | null;
  work_title: string;
}

export class FileRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The indexed file, or undefined when the work is unknown, missing, or has no such file. */
  async find(workId: number, fileId: number): Promise<LocatedFile | undefined> {
    return this.db
      .selectFrom('files')
      .innerJoin('works', 'works.id', 'files.work_id')
      .selectAll('files')
      .select(['works.root_dir', 'works.dir', 'works.dir_raw', 'works.title as work_title'])
      .where('files.work_id', '=', workId)
      .where('files.file_id', '=', fileId)
      .where('works.missing', '=', 0)
      .executeTakeFirst();
  }

  /** Every file of a work in tree order (folders first, natural order). */
  async listByWork(workId: number): Promise<FileRow[]> {
    return this.db
      .selectFrom('files')
      .selectAll()
      .where('work_id', '=', workId)
      .orderBy('sort_index')
      .execute();
  }
}
