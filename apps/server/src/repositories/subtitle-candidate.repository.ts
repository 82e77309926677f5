import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** An audio or subtitle file of a work, as the subtitle matcher (services/subtitle-candidates/) reads it. */
export interface MatchableFileRow {
  work_id: number;
  file_id: number;
  path: string;
  type: string;
  duration: number | null;
  subtitle_file_id: number | null;
}

/** The reads behind `POST /api/media/check-lrc-v2`: a work's editions and the files of a few works. */
export class SubtitleCandidateRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The work's editions in the library (JSON, as the merge stored it), or undefined when it is unknown. */
  async otherEditions(workId: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('works')
      .select('other_editions')
      .where('id', '=', workId)
      .where('missing', '=', 0)
      .executeTakeFirst();
    return row?.other_editions;
  }

  /** The audio and text files of present works (the files table's key starts with work_id). */
  async audioAndTextFiles(workIds: number[]): Promise<MatchableFileRow[]> {
    return this.db
      .selectFrom('files')
      .innerJoin('works', 'works.id', 'files.work_id')
      .select([
        'files.work_id',
        'files.file_id',
        'files.path',
        'files.type',
        'files.duration',
        'files.subtitle_file_id',
      ])
      .where('files.work_id', 'in', workIds)
      .where('works.missing', '=', 0)
      .where('files.type', 'in', ['audio', 'text'])
      .execute();
  }
}
