import type { ReviewOrder } from '@sasayaki/api-contract';
import { type Kysely, sql } from 'kysely';
import type { DialectKind } from '../db/dialect.js';
import { commitWithoutWaitingForDisk } from '../db/relaxed-commit.js';
import type { Database } from '../db/schema.js';

export interface ReviewFields {
  rating?: number | null;
  review_text?: string | null;
  progress?: string | null;
}

const ORDER_COLUMN: Record<ReviewOrder, string> = {
  updated_at: 'r.updated_at',
  userRating: 'r.rating',
  release: 'w.release',
  review_count: 'w.review_count',
  dl_count: 'w.dl_count',
  nsfw: 'w.nsfw',
};

/** A user's ratings, review texts and listening progress: one row per user and work. */
export class ReviewRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectKind,
  ) {}

  /**
   * Sets the given fields (others stay), then removes the record if nothing is left in it: two statements
   * in one transaction, so concurrent writes by one user to one work leave one consistent row, and
   * PostgreSQL flushes its log once per save rather than twice (and does not wait for it: relaxed-commit.ts).
   */
  async save(userId: number, workId: number, fields: ReviewFields): Promise<void> {
    const updated_at = new Date().toISOString();
    const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
    await this.db.transaction().execute(async (trx) => {
      await commitWithoutWaitingForDisk(trx, this.dialect);
      await trx
        .insertInto('reviews')
        .values({
          user_id: userId,
          work_id: workId,
          rating: fields.rating ?? null,
          review_text: fields.review_text ?? null,
          progress: fields.progress ?? null,
          updated_at,
        })
        .onConflict((conflict) =>
          conflict.columns(['user_id', 'work_id']).doUpdateSet({ ...changes, updated_at }),
        )
        .execute();
      await trx
        .deleteFrom('reviews')
        .where('user_id', '=', userId)
        .where('work_id', '=', workId)
        .where('rating', 'is', null)
        .where('progress', 'is', null)
        .where((eb) => eb.or([eb('review_text', 'is', null), eb('review_text', '=', '')]))
        .execute();
    });
  }

  async delete(userId: number, workId: number): Promise<void> {
    await this.db.deleteFrom('reviews').where('user_id', '=', userId).where('work_id', '=', workId).execute();
  }

  /** One page of the user's records over present works, with the total, in the requested order. */
  async page(
    userId: number,
    options: { order: ReviewOrder; sort: 'asc' | 'desc'; progress?: string; offset: number; limit: number },
  ): Promise<{ rows: Array<{ work_id: number; updated_at: string }>; total: number }> {
    let base = this.db
      .selectFrom('reviews as r')
      .innerJoin('works as w', 'w.id', 'r.work_id')
      .where('r.user_id', '=', userId)
      .where('w.missing', '=', 0);
    if (options.progress) base = base.where('r.progress', '=', options.progress);
    const nulls = this.dialect === 'postgres' ? ' NULLS LAST' : '';
    const column = ORDER_COLUMN[options.order];
    // Nulls last in both directions, as in the works lists; then newest changes first.
    const order = `${column} IS NULL, ${column} ${options.sort}${nulls}, r.updated_at DESC, w.id DESC`;
    const [rows, count] = await Promise.all([
      base
        .select(['r.work_id', 'r.updated_at'])
        .orderBy(sql.raw(order))
        .offset(options.offset)
        .limit(options.limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }
}
