import type { FeedbackCategory, FeedbackState } from '@sasayaki/api-contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, FeedbackTable } from '../db/schema.js';

export type FeedbackRow = Selectable<FeedbackTable>;

/** An inbox row with what its links need: the work's title and the file's path (null when gone). */
export interface FeedbackInboxRow extends FeedbackRow {
  work_title: string | null;
  file_path: string | null;
}

export interface FeedbackFilter {
  category?: FeedbackCategory;
  state?: FeedbackState;
  workId?: number;
}

export class FeedbackRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async add(entry: Omit<FeedbackRow, 'id' | 'resolved_at'>): Promise<number> {
    const row = await this.db.insertInto('feedback').values(entry).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  /** Newest first, filtered; the index on (resolved_at, created_at) serves the open items' list. */
  async page(
    filter: FeedbackFilter,
    offset: number,
    limit: number,
  ): Promise<{ rows: FeedbackInboxRow[]; total: number }> {
    const filtered = this.db.selectFrom('feedback').$call((query) => {
      let q = query;
      if (filter.category) q = q.where('feedback.category', '=', filter.category);
      if (filter.state === 'open') q = q.where('feedback.resolved_at', 'is', null);
      if (filter.state === 'resolved') q = q.where('feedback.resolved_at', 'is not', null);
      if (filter.workId !== undefined) q = q.where('feedback.work_id', '=', filter.workId);
      return q;
    });
    const [rows, count] = await Promise.all([
      filtered
        .leftJoin('works', 'works.id', 'feedback.work_id')
        .leftJoin('files', (join) =>
          join
            .onRef('files.work_id', '=', 'feedback.work_id')
            .onRef('files.file_id', '=', 'feedback.file_id'),
        )
        .selectAll('feedback')
        .select(['works.title as work_title', 'files.path as file_path'])
        .orderBy('feedback.created_at', 'desc')
        .orderBy('feedback.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** The sidebar badge: how many items nobody has resolved yet. */
  async countOpen(): Promise<number> {
    const row = await this.db
      .selectFrom('feedback')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('resolved_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** False when there is no such item. */
  async setResolved(id: number, resolved: boolean): Promise<boolean> {
    const result = await this.db
      .updateTable('feedback')
      .set({ resolved_at: resolved ? new Date().toISOString() : null })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
