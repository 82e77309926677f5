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

/**
 * One listener's review and listening rows aggregated in SQL into one JSON text each, correlated on the
 * user id, in work order: `[[work_id, rating, progress, updated_at], ...]` and
 * `[[work_id, last_played_at], ...]`. `recommend-for-user` reads them on every request: one row of two
 * strings instead of up to a thousand row objects (node-postgres makes an object of each while the answer
 * arrives, and under load they outlived V8's young generation).
 */
const LISTENER_ROWS: Record<DialectKind, { reviews: string; plays: string }> = {
  sqlite: {
    reviews: `(SELECT json_group_array(json_array(r.work_id, r.rating, r.progress, r.updated_at) ORDER BY r.work_id)
      FROM reviews r WHERE r.user_id = u.id AND (r.rating IS NOT NULL OR r.progress IS NOT NULL))`,
    plays: `(SELECT json_group_array(json_array(p.work_id, p.last_played_at) ORDER BY p.work_id)
      FROM playback_history p WHERE p.user_id = u.id)`,
  },
  postgres: {
    reviews: `(SELECT coalesce(json_agg(json_build_array(r.work_id, r.rating, r.progress, r.updated_at) ORDER BY r.work_id), '[]')::text
      FROM reviews r WHERE r.user_id = u.id AND (r.rating IS NOT NULL OR r.progress IS NOT NULL))`,
    plays: `(SELECT coalesce(json_agg(json_build_array(p.work_id, p.last_played_at) ORDER BY p.work_id), '[]')::text
      FROM playback_history p WHERE p.user_id = u.id)`,
  },
};

/** One listener's rows as `LISTENER_ROWS` aggregates them: JSON texts, `[]` when there are none. */
export interface ListenerRows {
  reviews: string;
  plays: string;
}

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

  /** Every user's ratings and progress (the model's background read). */
  async reviewSignals(): Promise<ReviewSignalRow[]> {
    return this.db
      .selectFrom('reviews')
      .select(['user_id', 'work_id', 'rating', 'progress', 'updated_at'])
      .where((eb) => eb.or([eb('rating', 'is not', null), eb('progress', 'is not', null)]))
      .execute();
  }

  /**
   * One listener's rows, each table's as one JSON text (`LISTENER_ROWS`); both `[]` when the user has none
   * or does not exist. The texts change whenever a row the recommender reads changes, so they are the key
   * of the listener's cached list too.
   */
  async listenerRows(userId: number): Promise<ListenerRows> {
    const aggregated = LISTENER_ROWS[this.dialect];
    const row = await this.db
      .selectFrom('users as u')
      .select([
        sql<string>`${sql.raw(aggregated.reviews)}`.as('reviews'),
        sql<string>`${sql.raw(aggregated.plays)}`.as('plays'),
      ])
      .where('u.id', '=', userId)
      .executeTakeFirst();
    return row ?? { reviews: '[]', plays: '[]' };
  }

  /** Every user's listening rows (the model's background read). */
  async playSignals(): Promise<PlaySignalRow[]> {
    return this.db.selectFrom('playback_history').select(['user_id', 'work_id', 'last_played_at']).execute();
  }
}
