import type { Kysely, Selectable } from 'kysely';
import type { Database, FeedbackTable } from '../db/schema.js';

export type FeedbackRow = Selectable<FeedbackTable>;

export class FeedbackRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async add(entry: Omit<FeedbackRow, 'id' | 'resolved_at'>): Promise<number> {
    const row = await this.db.insertInto('feedback').values(entry).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async page(offset: number, limit: number): Promise<{ rows: FeedbackRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('feedback')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      this.db
        .selectFrom('feedback')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
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
