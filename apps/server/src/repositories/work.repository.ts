import type { WorkOrder } from '@sasayaki/api-contract';
import { type Kysely, sql } from 'kysely';
import type { DialectKind } from '../db/dialect.js';
import type { Database, WorkRow } from '../db/schema.js';
import { applyFilter, orderByTerms, type WorkFilter } from './work-query.js';

export interface WorkPageRequest {
  filter: WorkFilter;
  order: WorkOrder;
  sort: 'asc' | 'desc';
  seed: number;
  offset: number;
  limit: number;
  /** Whose rating `order=rating` sorts by. */
  userId: number | null;
}

export interface WorkLabels {
  circles: Map<number, string>;
  tags: Map<number, Array<{ id: number; name: string; i18n: string }>>;
  vas: Map<number, Array<{ id: string; name: string }>>;
}

export interface UserWorkFields {
  rating: number | null;
  review_text: string | null;
  progress: string | null;
  updated_at: string;
}

/** Reads works for the catalogue: pages, counts, single works and the labels that decorate them. */
export class WorkRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectKind,
  ) {}

  private works() {
    return this.db.selectFrom('works as w');
  }

  async count(filter: WorkFilter): Promise<number> {
    const row = await applyFilter(this.works(), filter, this.dialect)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * The ids of one page, in order. Only ids are paged (a narrow index walk), then the rows are loaded by
   * id: deep pages stay cheap.
   */
  async pageIds(request: WorkPageRequest): Promise<number[]> {
    const { filter, order, sort, offset, limit, seed } = request;
    if (order === 'rating') return this.ratingPageIds(request);
    let query = applyFilter(this.works(), filter, this.dialect).select('w.id');
    if (order === 'random') {
      // A stable shuffle per seed: a multiplicative hash of (id, seed), same order on every page.
      const key = sql`((w.id + ${seed * 7919 + 1}) * 2654435761) % 4294967291`;
      query = query.orderBy(key).orderBy('w.id', 'desc');
    } else if (order === 'betterRandom') {
      query = query.orderBy('w.id');
    } else {
      query = query.orderBy(sql.raw(orderByTerms(order, sort, this.dialect)));
    }
    const rows = await query.offset(offset).limit(limit).execute();
    return rows.map((row) => row.id);
  }

  /**
   * `order=rating` sorts by the user's own rating, nulls last either way: the few works the user rated
   * come first (a small join), then every other work in the tie-break order (an index walk), each part
   * paged with its share of the offset. A single query would sort the whole library.
   */
  private async ratingPageIds(request: WorkPageRequest): Promise<number[]> {
    const { filter, sort, offset, limit } = request;
    const userId = request.userId ?? -1;
    const rated = applyFilter(this.works(), filter, this.dialect)
      .innerJoin('reviews as r', (join) => join.onRef('r.work_id', '=', 'w.id').on('r.user_id', '=', userId))
      .where('r.rating', 'is not', null);
    const ratedCount = Number(
      (await rated.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
    );
    const ids: number[] = [];
    if (offset < ratedCount) {
      const rows = await rated
        .select('w.id')
        .orderBy(sql.raw(orderByTerms('r.rating', sort, this.dialect)))
        .offset(offset)
        .limit(limit)
        .execute();
      ids.push(...rows.map((row) => row.id));
    }
    if (ids.length === limit) return ids;
    const rest = await applyFilter(this.works(), filter, this.dialect)
      .select('w.id')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('reviews as r')
              .select('r.work_id')
              .whereRef('r.work_id', '=', 'w.id')
              .where('r.user_id', '=', userId)
              .where('r.rating', 'is not', null),
          ),
        ),
      )
      .orderBy(sql.raw(orderByTerms('release', 'desc', this.dialect)))
      .offset(Math.max(0, offset - ratedCount))
      .limit(limit - ids.length)
      .execute();
    return [...ids, ...rest.map((row) => row.id)];
  }

  /** Rows by id, in the order of `ids`; missing works are left out. */
  async byIds(ids: number[]): Promise<WorkRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('works')
      .selectAll()
      .where('id', 'in', ids)
      .where('missing', '=', 0)
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async findById(id: number): Promise<WorkRow | undefined> {
    return this.db
      .selectFrom('works')
      .selectAll()
      .where('id', '=', id)
      .where('missing', '=', 0)
      .executeTakeFirst();
  }

  async labelsFor(works: WorkRow[]): Promise<WorkLabels> {
    const ids = works.map((work) => work.id);
    const circleIds = [
      ...new Set(works.flatMap((work) => (work.circle_id === null ? [] : [work.circle_id]))),
    ];
    const labels: WorkLabels = { circles: new Map(), tags: new Map(), vas: new Map() };
    if (ids.length === 0) return labels;
    const [circles, tags, vas] = await Promise.all([
      circleIds.length
        ? this.db.selectFrom('circles').select(['id', 'name']).where('id', 'in', circleIds).execute()
        : Promise.resolve([]),
      this.db
        .selectFrom('work_tags as wt')
        .innerJoin('tags as t', 't.id', 'wt.tag_id')
        .select(['wt.work_id', 't.id', 't.name', 't.i18n'])
        .where('wt.work_id', 'in', ids)
        .orderBy('t.name')
        .execute(),
      this.db
        .selectFrom('work_vas as wv')
        .innerJoin('vas as v', 'v.id', 'wv.va_id')
        .select(['wv.work_id', 'v.id', 'v.name'])
        .where('wv.work_id', 'in', ids)
        .orderBy('wv.position')
        .execute(),
    ]);
    for (const circle of circles) labels.circles.set(circle.id, circle.name);
    for (const { work_id, ...tag } of tags) pushTo(labels.tags, work_id, tag);
    for (const { work_id, ...va } of vas) pushTo(labels.vas, work_id, va);
    return labels;
  }

  async userFieldsFor(userId: number, workIds: number[]): Promise<Map<number, UserWorkFields>> {
    if (workIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('reviews')
      .select(['work_id', 'rating', 'review_text', 'progress', 'updated_at'])
      .where('user_id', '=', userId)
      .where('work_id', 'in', workIds)
      .execute();
    return new Map(rows.map(({ work_id, ...fields }) => [work_id, fields]));
  }
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
