import type { WorkOrder } from '@sasayaki/api-contract';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DialectKind } from '../db/dialect.js';
import { precompiledQuery } from '../db/precompiled-query.js';
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

/**
 * A tag as `[id, name, i18n JSON text, up votes, down votes]`, a voice actor as `[id, name]`: compact to
 * aggregate in SQL.
 */
export type TagTuple = [id: number, name: string, i18n: string | null, upvote: number, downvote: number];
export type VaTuple = [id: string, name: string];

/** The columns of `works` a `Work` shows: never the scan's bookkeeping or the search text. */
const CARD_COLUMNS = [
  'id',
  'title',
  'circle_id',
  'release',
  'create_date',
  'price',
  'dl_count',
  'nsfw',
  'has_subtitle',
  'rate_average_2dp',
  'rate_count',
  'rate_count_detail',
  'review_count',
  'duration',
  'age',
  'series',
  'language_editions',
  'translation_info',
  'original_workno',
  'lang',
  'source_type',
  'source_url',
  'other_editions',
] as const satisfies ReadonlyArray<keyof WorkRow>;

/** What a `Work` is made of: the work's own columns, its circle's name, its tags and voice actors. */
export type WorkCardRow = Pick<WorkRow, (typeof CARD_COLUMNS)[number]> & {
  circle_name: string | null;
  tags: TagTuple[];
  vas: VaTuple[];
};

type CardQueryRow = Omit<WorkCardRow, 'tags' | 'vas'> & {
  tags: JsonColumn<TagTuple>;
  vas: JsonColumn<VaTuple>;
};

/** A tag's vote counts on the work, from the vote index (`work_id, tag_id, vote`: one probe each). */
const VOTES = (vote: 1 | 2) =>
  `(SELECT count(*) FROM work_tag_votes v WHERE v.work_id = w.id AND v.tag_id = t.id AND v.vote = ${vote})`;

/**
 * The tag `column` names, as the rows `t`. On PostgreSQL a lateral lookup that `OFFSET 0` keeps from being
 * flattened into a join, so each of the work's tags is one primary-key probe: as a join, the prepared
 * card's generic plan hashed all the tags (700 in the bench) for every work, a sequential scan of `tags`
 * per card, and the card's p50 went from 2.4-3.8 ms to 0.6-1.7 ms without it (100,000 works, load 16-22).
 * SQLite probes the primary key either way.
 */
const TAG_OF: Record<DialectKind, (column: string) => string> = {
  sqlite: (column) => `JOIN tags t ON t.id = ${column}`,
  postgres: (column) =>
    `CROSS JOIN LATERAL (SELECT tags.id, tags.name, tags.i18n FROM tags WHERE tags.id = ${column} OFFSET 0) t`,
};

/**
 * The work's tags: its providers' (`work_tags`) and those members attached and the providers do not give,
 * each with its vote counts.
 */
const workTagRows = (
  dialect: DialectKind,
) => `SELECT t.id, t.name, t.i18n, ${VOTES(1)} AS up, ${VOTES(2)} AS down
  FROM work_tags wt ${TAG_OF[dialect]('wt.tag_id')} WHERE wt.work_id = w.id
  UNION ALL SELECT t.id, t.name, t.i18n, ${VOTES(1)}, ${VOTES(2)}
  FROM work_tag_attachments a ${TAG_OF[dialect]('a.tag_id')} WHERE a.work_id = w.id
  AND NOT EXISTS (SELECT 1 FROM work_tags wt WHERE wt.work_id = a.work_id AND wt.tag_id = a.tag_id)`;

/**
 * A work's tags (by name) and voice actors (in credit order) as one JSON array each, correlated on `w.id`.
 * SQLite returns the array as text; node-postgres parses `json` itself.
 */
const LABEL_ARRAYS: Record<DialectKind, { tags: string; vas: string }> = {
  sqlite: {
    tags: `(SELECT json_group_array(json_array(id, name, i18n, up, down)) FROM (${workTagRows('sqlite')} ORDER BY 2))`,
    vas: `(SELECT json_group_array(json_array(id, name)) FROM (SELECT v.id, v.name FROM work_vas wv JOIN vas v ON v.id = wv.va_id WHERE wv.work_id = w.id ORDER BY wv.position))`,
  },
  postgres: {
    tags: `(SELECT coalesce(json_agg(json_build_array(x.id, x.name, x.i18n, x.up, x.down) ORDER BY x.name), '[]') FROM (${workTagRows('postgres')}) x)`,
    vas: `(SELECT coalesce(json_agg(json_build_array(v.id, v.name) ORDER BY wv.position), '[]') FROM work_vas wv JOIN vas v ON v.id = wv.va_id WHERE wv.work_id = w.id)`,
  },
};

/** The select list of a work's card on each database. */
const CARD_SELECT: Record<DialectKind, string> = Object.fromEntries(
  Object.entries(LABEL_ARRAYS).map(([dialect, labels]) => [
    dialect,
    [
      ...CARD_COLUMNS.map((column) => `w.${column}`),
      'c.name AS circle_name',
      `${labels.tags} AS tags`,
      `${labels.vas} AS vas`,
    ].join(', '),
  ]),
) as Record<DialectKind, string>;

/** A JSON column as SQLite (text) or node-postgres (already parsed) returns it. */
type JsonColumn<T> = T[] | string;

function parseJsonColumn<T>(value: JsonColumn<T>): T[] {
  return typeof value === 'string' ? (JSON.parse(value) as T[]) : value;
}

export interface UserWorkFields {
  rating: number | null;
  review_text: string | null;
  progress: string | null;
  updated_at: string;
}

type UserFieldsRow = UserWorkFields & { work_id: number };

/**
 * The works one listener has marked: a `reviews` row (rating, review text or progress) or a vote on one
 * of its tags; and the mark of their reviews read (`reviewsMark`), computed from the same rows.
 */
export interface MarkedWorkRows {
  reviewed: number[];
  voted: number[];
  reviewsMark: string;
}

/** A user's reviews mark: their count and latest change, which every insert, update or delete moves. */
function reviewsMark(count: number, latest: string | null): string {
  return `${count}|${latest ?? ''}`;
}

/** Reads works for the catalogue: pages, counts, single works and the labels that decorate them. */
export class WorkRepository {
  // A single work's card and row and one user's fields on one work are read on most requests (a work, its
  // tracks, an RJ-code search, a stream's cover): compiled once (`precompiled-query.ts`).
  private readonly cardOfOne: (id: number) => Promise<CardQueryRow[]>;
  /**
   * Several works' cards on PostgreSQL, the ids as one array: one SQL text whatever their number, so it
   * is prepared once per connection like the single card. As `IN ($1, …, $n)` each count was a new
   * text, parsed and planned on every request: 1.6-9 ms of planning for the 20 cards of an
   * item-neighbors answer at 100,000 works, more than running it (bench/README.md, "Recommender").
   */
  private readonly cardsOfMany: (ids: number[]) => Promise<CardQueryRow[]>;
  private readonly presentWork: (id: number) => Promise<WorkRow[]>;
  private readonly userFieldsOfOne: (userId: number, workId: number) => Promise<UserFieldsRow[]>;
  private readonly reviewsMarkOf: (
    userId: number,
  ) => Promise<Array<{ n: number | string; latest: string | null }>>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectKind,
  ) {
    this.cardOfOne = precompiledQuery(db, (id: number) => this.cardsQuery(sql`w.id = ${id}`));
    this.cardsOfMany = precompiledQuery(db, (ids: number[]) =>
      this.cardsQuery(sql`w.id = ANY(${ids}::int[])`),
    );
    this.presentWork = precompiledQuery(db, (id: number) =>
      db.selectFrom('works').selectAll().where('id', '=', id).where('missing', '=', 0),
    );
    this.userFieldsOfOne = precompiledQuery(db, (userId: number, workId: number) =>
      this.userFieldsQuery(userId).where('work_id', '=', workId),
    );
    // Asked about once a second per active listener (services/user-marks.ts).
    this.reviewsMarkOf = precompiledQuery(db, (userId: number) =>
      db
        .selectFrom('reviews')
        .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.max('updated_at').as('latest')])
        .where('user_id', '=', userId),
    );
  }

  private userFieldsQuery(userId: number) {
    return this.db
      .selectFrom('reviews')
      .select(['work_id', 'rating', 'review_text', 'progress', 'updated_at'])
      .where('user_id', '=', userId);
  }

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

  /**
   * Works by id, in the order of `ids` (missing works left out), each with its circle's name, tags and
   * voice actors: one query, so a single work or a page costs one round trip and one statement.
   */
  async cardsByIds(ids: number[]): Promise<WorkCardRow[]> {
    if (ids.length === 0) return [];
    const [onlyId] = ids;
    const rows =
      ids.length === 1 && onlyId !== undefined
        ? await this.cardOfOne(onlyId)
        : this.dialect === 'postgres'
          ? await this.cardsOfMany(ids)
          : (await this.cardsQuery(sql`w.id IN (${sql.join(ids)})`).execute(this.db)).rows;
    const byId = new Map<number, WorkCardRow>();
    for (const { tags, vas, ...row } of rows) {
      byId.set(row.id, { ...row, tags: parseJsonColumn(tags), vas: parseJsonColumn(vas) });
    }
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * Written as SQL rather than built: Kysely parsed and compiled its two dozen column names on every call,
   * a third of what a single work's request allocated.
   */
  private cardsQuery(which: RawBuilder<unknown>) {
    return sql<CardQueryRow>`SELECT ${sql.raw(CARD_SELECT[this.dialect])}
      FROM works w LEFT JOIN circles c ON c.id = w.circle_id
      WHERE ${which} AND w.missing = 0`;
  }

  /** Which of `ids` are present works (an index probe each): for the six-digit codes of short-work-codes.ts. */
  async presentIdsAmong(ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('works')
      .select('id')
      .where('id', 'in', [...ids])
      .where('missing', '=', 0)
      .execute();
    return rows.map((row) => row.id);
  }

  async findById(id: number): Promise<WorkRow | undefined> {
    const [row] = await this.presentWork(id);
    return row;
  }

  async userFieldsFor(userId: number, workIds: number[]): Promise<Map<number, UserWorkFields>> {
    if (workIds.length === 0) return new Map();
    const [onlyId] = workIds;
    const rows =
      workIds.length === 1 && onlyId !== undefined
        ? await this.userFieldsOfOne(userId, onlyId)
        : await this.userFieldsQuery(userId).where('work_id', 'in', workIds).execute();
    return new Map(rows.map(({ work_id, ...fields }) => [work_id, fields]));
  }

  /**
   * The user's reviews mark (an index range of `reviews_user_updated`): an insert or a delete changes the
   * count, and an insert after a delete brings a later `updated_at`.
   */
  async reviewsMark(userId: number): Promise<string> {
    const [row] = await this.reviewsMarkOf(userId);
    return reviewsMark(Number(row?.n ?? 0), row?.latest ?? null);
  }

  /** The works the user has marked, with the mark of the reviews read. */
  async markedWorks(userId: number): Promise<MarkedWorkRows> {
    const [reviews, votes] = await Promise.all([
      this.db.selectFrom('reviews').select(['work_id', 'updated_at']).where('user_id', '=', userId).execute(),
      this.db
        .selectFrom('work_tag_votes')
        .select('work_id')
        .distinct()
        .where('user_id', '=', userId)
        .execute(),
    ]);
    // The latest change as the database's max() finds it for ISO timestamps; were it to differ (another
    // text form, a collation), the marks would only be read again at each check, never kept stale.
    let latest: string | null = null;
    for (const row of reviews) if (latest === null || row.updated_at > latest) latest = row.updated_at;
    return {
      reviewed: reviews.map((row) => row.work_id),
      voted: votes.map((row) => row.work_id),
      reviewsMark: reviewsMark(reviews.length, latest),
    };
  }
}
