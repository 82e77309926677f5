import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** A present work's labels and flags, as the recommender indexes them. */
export interface WorkFeatureRow {
  id: number;
  circle_id: number | null;
  has_subtitle: number;
  dl_count: number | null;
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
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Up to `limit` present works with an id above `after`, ascending: one batch of the label index's
   * build, which reads the catalogue a slice at a time (services/recommender/catalogue-features.ts).
   */
  async presentWorks(after: number, limit: number): Promise<WorkFeatureRow[]> {
    return this.db
      .selectFrom('works')
      .select(['id', 'circle_id', 'has_subtitle', 'dl_count'])
      .where('missing', '=', 0)
      .where('id', '>', after)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /**
   * The tags of the works with ids from `first` to `last` (a range of the primary key), by work; rows of
   * missing works are dropped by the caller, which knows them.
   */
  async workTags(first: number, last: number): Promise<Array<{ work_id: number; tag_id: number }>> {
    return this.db
      .selectFrom('work_tags')
      .select(['work_id', 'tag_id'])
      .where('work_id', '>=', first)
      .where('work_id', '<=', last)
      .orderBy('work_id')
      .orderBy('tag_id')
      .execute();
  }

  /** The voice actors of the works with ids from `first` to `last`, by work, as `workTags`. */
  async workVas(first: number, last: number): Promise<Array<{ work_id: number; va_id: string }>> {
    return this.db
      .selectFrom('work_vas')
      .select(['work_id', 'va_id'])
      .where('work_id', '>=', first)
      .where('work_id', '<=', last)
      .orderBy('work_id')
      .orderBy('va_id')
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
