import type { Kysely } from 'kysely';
import { precompiledQuery } from '../db/precompiled-query.js';
import type { Database, FileRow } from '../db/schema.js';

/** A file as the media routes need it: its row plus where its work lives. */
export interface LocatedFile extends FileRow {
  root_dir: string;
  dir: string;
  dir_raw: string | null;
  work_title: string;
}

export class FileRepository {
  /** Every stream and download looks its file up: compiled once (`precompiled-query.ts`). */
  private readonly located: (workId: number, fileId: number) => Promise<LocatedFile[]>;

  constructor(private readonly db: Kysely<Database>) {
    this.located = precompiledQuery(db, (workId: number, fileId: number) =>
      db
        .selectFrom('files')
        .innerJoin('works', 'works.id', 'files.work_id')
        .selectAll('files')
        .select(['works.root_dir', 'works.dir', 'works.dir_raw', 'works.title as work_title'])
        .where('files.work_id', '=', workId)
        .where('files.file_id', '=', fileId)
        .where('works.missing', '=', 0),
    );
  }

  /** The indexed file, or undefined when the work is unknown, missing, or has no such file. */
  async find(workId: number, fileId: number): Promise<LocatedFile | undefined> {
    const [file] = await this.located(workId, fileId);
    return file;
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
