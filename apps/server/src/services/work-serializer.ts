import { formatWorkCode, type ProgressState, type Tag, type Work } from '@sasayaki/api-contract';
import type { UserWorkFields, WorkCardRow } from '../repositories/work.repository.js';

function parseJson<T>(text: string | null, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function coverUrls(id: number): Pick<Work, 'mainCoverUrl' | 'samCoverUrl' | 'thumbnailCoverUrl'> {
  const base = `/api/cover/${id}.jpg?type=`;
  return { mainCoverUrl: `${base}main`, samCoverUrl: `${base}sam`, thumbnailCoverUrl: `${base}240x240` };
}

/** A work and its labels as the contract's `Work` (section 9), without any user's fields. */
export function toWork(row: WorkCardRow): Work {
  const circleName = row.circle_id === null ? null : row.circle_name;
  const tags: Tag[] = row.tags.map(([id, name, i18n]) => ({ id, name, i18n: parseJson(i18n, {}) }));
  return {
    id: row.id,
    source_id: formatWorkCode(row.id),
    title: row.title,
    circle_id: row.circle_id,
    name: circleName,
    circle: row.circle_id === null || circleName === null ? null : { id: row.circle_id, name: circleName },
    vas: row.vas.map(([id, name]) => ({ id, name })),
    tags,
    release: row.release,
    create_date: row.create_date,
    price: row.price,
    dl_count: row.dl_count,
    nsfw: row.nsfw === null ? null : row.nsfw === 1,
    has_subtitle: row.has_subtitle === 1,
    rate_average_2dp: row.rate_average_2dp,
    rate_count: row.rate_count,
    rate_count_detail: parseJson(row.rate_count_detail, []),
    review_count: row.review_count,
    duration: row.duration,
    userRating: null,
    progress: null,
    review_text: null,
    ...coverUrls(row.id),
  };
}

/** A (shared, cached) work with one user's rating, progress and review text. */
export function withUserFields(work: Work, user: UserWorkFields): Work {
  return {
    ...work,
    userRating: user.rating,
    progress: user.progress as ProgressState | null,
    review_text: user.review_text,
  };
}
