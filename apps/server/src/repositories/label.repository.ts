import { type Kysely, sql } from 'kysely';
import type { DialectKind } from '../db/dialect.js';
import type { Database } from '../db/schema.js';

export type LabelKind = 'circles' | 'tags' | 'vas';

export interface LabelRow {
  id: number | string;
  name: string;
  i18n?: string;
}

const KINDS: readonly LabelKind[] = ['circles', 'tags', 'vas'];

/**
 * Circles, tags and voice actors, with how many present works carry each. The counts are kept in
 * `work_count` (migration 2026-11-25-0006): triggers append every change to `label_count_changes`, and
 * `foldCountChanges` adds them up, so a list reads one table instead of counting every work's links.
 */
export class LabelRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectKind,
  ) {}

  /** The labels at least one present work carries, by name, with that number; call `foldCountChanges` first. */
  async listWithCounts(kind: LabelKind): Promise<Array<LabelRow & { count: number }>> {
    if (kind === 'tags') {
      return this.db
        .selectFrom('tags')
        .select(['id', 'name', 'i18n', 'work_count as count'])
        .where('work_count', '>', 0)
        .orderBy('name')
        .execute();
    }
    return this.db
      .selectFrom(kind)
      .select(['id', 'name', 'work_count as count'])
      .where('work_count', '>', 0)
      .orderBy('name')
      .execute();
  }

  async find(kind: LabelKind, id: number | string): Promise<LabelRow | undefined> {
    if (kind === 'circles') {
      return this.db
        .selectFrom('circles')
        .select(['id', 'name'])
        .where('id', '=', Number(id))
        .executeTakeFirst();
    }
    if (kind === 'tags') {
      return this.db
        .selectFrom('tags')
        .select(['id', 'name', 'i18n'])
        .where('id', '=', Number(id))
        .executeTakeFirst();
    }
    return this.db.selectFrom('vas').select(['id', 'name']).where('id', '=', String(id)).executeTakeFirst();
  }

  /**
   * Adds the pending count changes into `work_count` and deletes them, in one transaction. Only this
   * writes `work_count`. On PostgreSQL one statement takes exactly the rows it deletes (a second process
   * folding at the same time waits for them, then skips them), and it gives up after half a second of
   * waiting for a label row a writer holds rather than risk a deadlock with it: the changes stay for the
   * next fold. Returns whether it folded.
   */
  async foldCountChanges(): Promise<boolean> {
    if (this.dialect === 'postgres') return this.foldOnPostgres();
    await this.db.transaction().execute(async (trx) => {
      const last = await trx
        .selectFrom('label_count_changes')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      if (last?.id === null || last?.id === undefined) return;
      for (const kind of KINDS) {
        const id = kind === 'vas' ? sql`label_id` : sql`CAST(label_id AS INTEGER)`;
        await sql`UPDATE ${sql.table(kind)} SET work_count = work_count + d.delta
          FROM (SELECT ${id} AS id, SUM(delta) AS delta FROM label_count_changes
            WHERE kind = ${kind} AND id <= ${last.id} GROUP BY label_id) AS d
          WHERE ${sql.table(kind)}.id = d.id`.execute(trx);
      }
      await trx.deleteFrom('label_count_changes').where('id', '<=', last.id).execute();
    });
    return true;
  }

  private async foldOnPostgres(): Promise<boolean> {
    const sums = (kind: LabelKind) =>
      sql`(SELECT ${kind === 'vas' ? sql`label_id` : sql`label_id::integer`} AS id, SUM(delta) AS delta
        FROM moved WHERE kind = ${kind} GROUP BY label_id)`;
    const add = (kind: LabelKind) =>
      sql`UPDATE ${sql.table(kind)} SET work_count = ${sql.table(kind)}.work_count + d.delta
        FROM ${sums(kind)} AS d WHERE ${sql.table(kind)}.id = d.id`;
    try {
      await this.db.transaction().execute(async (trx) => {
        await sql`SET LOCAL lock_timeout = '500ms'`.execute(trx);
        await sql`WITH moved AS (DELETE FROM label_count_changes RETURNING kind, label_id, delta),
          circles_added AS (${add('circles')}), tags_added AS (${add('tags')})
          ${add('vas')}`.execute(trx);
      });
      return true;
    } catch (error) {
      if ((error as { code?: string }).code === '55P03') return false; // lock_not_available
      throw error;
    }
  }

  /**
   * Counts every label again from the works and forgets the pending changes: for a catalogue written
   * with the triggers off (the bench's bulk load).
   */
  async recountAll(): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('label_count_changes').execute();
      await sql`UPDATE circles SET work_count =
        (SELECT count(*) FROM works w WHERE w.circle_id = circles.id AND w.missing = 0)`.execute(trx);
      await sql`UPDATE tags SET work_count = (SELECT count(*) FROM work_tags wt
        JOIN works w ON w.id = wt.work_id AND w.missing = 0 WHERE wt.tag_id = tags.id)`.execute(trx);
      await sql`UPDATE vas SET work_count = (SELECT count(*) FROM work_vas wv
        JOIN works w ON w.id = wv.work_id AND w.missing = 0 WHERE wv.va_id = vas.id)`.execute(trx);
    });
  }
}
