import { type Kysely, sql } from 'kysely';
import type { DialectKind } from '../db/dialect.js';
import type { Database } from '../db/schema.js';

/** A present work's flags and labels, as the recommender indexes them. */
export interface WorkFeatureRow {
  id: number;
  circle_id: number | null;
  has_subtitle: number;
  dl_count: number | null;
  /** Its tag ids, ascending, as a JSON array in text; null when it has none. */
  tag_ids: string | null;
  /** Its voice actors' ids, ascending, as a JSON array in text; null when it has none. */
  va_ids: string | null;
}

/**
 * A work's tag ids and voice ids aggregated in SQL, one JSON text each, correlated on `w.id`: one row a
 * work instead of one a link (node-postgres makes an object of every row while the answer arrives, and
 * 770,000 link rows at 100,000 works grew the server's heap by tens of MB). Text on both databases
 * (PostgreSQL's `json` would be parsed by the driver into an array per work while the answer arrives).
 */
const LABEL_LISTS: Record<DialectKind, { tags: string; vas: string }> = {
  sqlite: {
    tags: '(SELECT json_group_array(t.tag_id ORDER BY t.tag_id) FROM work_tags t WHERE t.work_id = w.id)',
    vas: '(SELECT json_group_array(v.va_id ORDER BY v.va_id) FROM work_vas v WHERE v.work_id = w.id)',
  },
  postgres: {
    tags: '(SELECT json_agg(t.tag_id ORDER BY t.tag_id)::text FROM work_tags t WHERE t.work_id = w.id)',
    vas: '(SELECT json_agg(v.va_id ORDER BY v.va_id)::text FROM work_vas v WHERE v.work_id = w.id)',
  },
};

/** One user's dealings with one work: a review row (rating, progress) or a listening row. */
export interface ReviewSignalRow {
  user_id: number;
  work_id: number;
  rating: number | null;
  progress: string | null;
  updated_at: string;
}

export interface PlaySignalRow {
  user_id: number;
  work_id: number;
  last_played_at: string;
}

/** The reads behind the recommender (services/recommender/): whole tables, read in the background. */
export class RecommenderRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectKind,
  ) {}

  /**
   * Up to `limit` present works with an id above `after`, ascending, each with its tags and voices: one
   * batch of the label index's build, which reads the catalogue a slice at a time
   * (services/recommender/catalogue-features.ts).
   */
  async presentWorks(after: number, limit: number): Promise<WorkFeatureRow[]> {
    const labels = LABEL_LISTS[this.dialect];
    return this.db
      .selectFrom('works as w')
      .select([
        'w.id',
        'w.circle_id',
        'w.has_subtitle',
        'w.dl_count',
        sql<string | null>`${sql.raw(labels.tags)}`.as('tag_ids'),
        sql<string | null>`${sql.raw(labels.vas)}`.as('va_ids'),
      ])
      .where('w.missing', '=', 0)
      .where('w.id', '>', after)
      .orderBy('w.id')
      .limit(limit)
      .execute();
  }

  /** Every user's ratings and progress, or one user's (`userId`): the primary key's first column. */
  async reviewSignals(userId?: number): Promise<ReviewSignalRow[]> {
    let query = this.db
      .selectFrom('reviews')
      .select(['user_id', 'work_id', 'rating', 'progress', 'updated_at'])
      .where((eb) => eb.or([eb('rating', 'is not', null), eb('progress', 'is not', null)]));
    if (userId !== undefined) query = query.where('user_id', '=', userId);
    return query.execute();
  }

  async playSignals(userId?: number): Promise<PlaySignalRow[]> {
    let query = this.db.selectFrom('playback_history').select(['user_id', 'work_id', 'last_played_at']);
    if (userId !== undefined) query = query.where('user_id', '=', userId);
    return query.execute();
  }
}
