import type {
  ListenerRows,
  PlaySignalRow,
  ReviewSignalRow,
} from '../../repositories/recommender.repository.js';

/** Popularity halves every two weeks: "popular" means played and liked lately, not once long ago. */
const HALF_LIFE_MS = 14 * 24 * 3600 * 1000;

export function decay(at: string, now: number): number {
  const age = Math.max(0, now - Date.parse(at));
  return Number.isFinite(age) ? 0.5 ** (age / HALF_LIFE_MS) : 0;
}

/**
 * How much a user's dealings with a work say they like it: a rating says most (5 → 3, 4 → 2, 3 → 1,
 * 1–2 → -1, a dislike), else finishing it (2), listening (1), marking it to listen (0.5), playing it (1).
 */
export function strength(
  review: Pick<ReviewSignalRow, 'rating' | 'progress'> | undefined,
  played: boolean,
): number {
  const rating = review?.rating ?? null;
  if (rating !== null) return rating >= 3 ? rating - 2 : -1;
  const progress = review?.progress ?? null;
  const fromProgress =
    progress === 'listened' || progress === 'replay'
      ? 2
      : progress === 'listening'
        ? 1
        : progress === 'marked'
          ? 0.5
          : 0;
  return Math.max(fromProgress, played ? 1 : 0);
}

/** One user's works (ids) and how much they like each: negative is a dislike. */
export type Taste = Map<number, number>;

/** Every user's taste, from their review and listening rows. */
export function tastes(reviews: ReviewSignalRow[], plays: PlaySignalRow[]): Map<number, Taste> {
  const reviewByKey = new Map<string, ReviewSignalRow>();
  for (const row of reviews) reviewByKey.set(`${row.user_id}:${row.work_id}`, row);
  const playedKeys = new Set(plays.map((row) => `${row.user_id}:${row.work_id}`));
  const byUser = new Map<number, Taste>();
  const add = (userId: number, workId: number) => {
    const key = `${userId}:${workId}`;
    const taste = byUser.get(Number(userId)) ?? new Map<number, number>();
    byUser.set(Number(userId), taste);
    taste.set(Number(workId), strength(reviewByKey.get(key), playedKeys.has(key)));
  };
  for (const row of reviews) add(row.user_id, row.work_id);
  for (const row of plays) add(row.user_id, row.work_id);
  return byUser;
}

/**
 * One listener's taste from their rows as the repository aggregates them (`listenerRows`): the same
 * strengths, in the same order (reviews, then plays), as `tastes` gives that user.
 */
export function listenerTaste(rows: ListenerRows): Taste {
  const reviews = JSON.parse(rows.reviews) as Array<[number, number | null, string | null, string]>;
  const plays = JSON.parse(rows.plays) as Array<[number, string]>;
  const played = new Set(plays.map(([workId]) => Number(workId)));
  const reviewed = new Map(
    reviews.map(([workId, rating, progress]) => [Number(workId), { rating, progress }] as const),
  );
  const taste: Taste = new Map();
  for (const workId of [...reviewed.keys(), ...played]) {
    taste.set(workId, strength(reviewed.get(workId), played.has(workId)));
  }
  return taste;
}

/**
 * Each work's recent popularity: every listener's last play counts 1 when it is today and halves every
 * two weeks; a rating adds (rating - 3) / 2 with the same decay, so good marks lift and bad ones sink.
 */
export function popularity(
  reviews: ReviewSignalRow[],
  plays: PlaySignalRow[],
  now: number,
): Map<number, number> {
  const scores = new Map<number, number>();
  const add = (workId: number, value: number) =>
    scores.set(Number(workId), (scores.get(Number(workId)) ?? 0) + value);
  for (const row of plays) add(row.work_id, decay(row.last_played_at, now));
  for (const row of reviews) {
    if (row.rating !== null) add(row.work_id, ((Number(row.rating) - 3) / 2) * decay(row.updated_at, now));
  }
  return scores;
}
