import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';

export type LabelKind = 'circles' | 'tags' | 'vas';

export interface LabelRow {
  id: number | string;
  name: string;
  i18n?: string;
}

/** Circles, tags and voice actors, with how many present works carry each. */
export class LabelRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async listWithCounts(kind: LabelKind): Promise<Array<LabelRow & { count: number }>> {
    if (kind === 'circles') {
      return this.db
        .selectFrom('circles as c')
        .innerJoin('works as w', (join) => join.onRef('w.circle_id', '=', 'c.id').on('w.missing', '=', 0))
        .select(['c.id', 'c.name', sql<number>`count(w.id)`.as('count')])
        .groupBy(['c.id', 'c.name'])
        .orderBy('c.name')
        .execute();
    }
    if (kind === 'tags') {
      return this.db
        .selectFrom('tags as t')
        .innerJoin('work_tags as wt', 'wt.tag_id', 't.id')
        .innerJoin('works as w', (join) => join.onRef('w.id', '=', 'wt.work_id').on('w.missing', '=', 0))
        .select(['t.id', 't.name', 't.i18n', sql<number>`count(w.id)`.as('count')])
        .groupBy(['t.id', 't.name', 't.i18n'])
        .orderBy('t.name')
        .execute();
    }
    return this.db
      .selectFrom('vas as v')
      .innerJoin('work_vas as wv', 'wv.va_id', 'v.id')
      .innerJoin('works as w', (join) => join.onRef('w.id', '=', 'wv.work_id').on('w.missing', '=', 0))
      .select(['v.id', 'v.name', sql<number>`count(w.id)`.as('count')])
      .groupBy(['v.id', 'v.name'])
      .orderBy('v.name')
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
}
