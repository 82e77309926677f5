import {
  AGE_RATINGS,
  formatWorkCode,
  HIDDEN_TAG_SCORE,
  type ProgressState,
  type Tag,
  UNKNOWN_CIRCLE,
  type Work,
} from '@sasayaki/api-contract';
import type { AgeCategory } from '../metadata/provider-types.js';
import { defaultSourceType } from '../metadata/work-metadata-store.js';
import type { UserWorkFields, WorkCardRow } from '../repositories/work.repository.js';
import type { SharedLabels } from './shared-labels.js';

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

/** The work's circle, `UNKNOWN_CIRCLE` when no provider knows it: never null (issue 12 item 8). */
function circleOf(row: WorkCardRow, labels: SharedLabels): Work['circle'] {
  return row.circle_id === null || row.circle_name === null
    ? labels.circle(UNKNOWN_CIRCLE.id, UNKNOWN_CIRCLE.name)
    : labels.circle(row.circle_id, row.circle_name);
}

/** Voted down past the threshold: left out of the work's tags everywhere (tag-votes.ts in the contract). */
const isHiddenTag = (upvote: number, downvote: number): boolean => upvote - downvote <= HIDDEN_TAG_SCORE;

const isAgeCategory = (value: string | null): value is AgeCategory =>
  (AGE_RATINGS as readonly string[]).includes(value ?? '');

const parseI18n = (text: string | null): Tag['i18n'] => parseJson(text, {});

/**
 * A work and its labels as the contract's `Work` (section 9), without any user's fields. Its tags, voices
 * and circle are the frozen ones `labels` shares between works (shared-labels.ts).
 */
export function toWork(row: WorkCardRow, labels: SharedLabels): Work {
  const circle = circleOf(row, labels);
  const tags: Tag[] = row.tags.flatMap((tag) =>
    isHiddenTag(tag[3], tag[4]) ? [] : [labels.tag(tag, parseI18n)],
  );
  return {
    id: row.id,
    source_id: formatWorkCode(row.id),
    title: row.title,
    circle_id: circle.id,
    name: circle.name,
    circle,
    vas: row.vas.map((va) => labels.va(va)),
    tags,
    release: row.release,
    create_date: row.create_date,
    price: row.price,
    dl_count: row.dl_count,
    nsfw: row.nsfw === 1,
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
    age_category_string: isAgeCategory(row.age) ? row.age : null,
    series: parseJson(row.series, null),
    language_editions: parseJson(row.language_editions, []),
    other_language_editions_in_db: parseJson(row.other_editions, []),
    translation_info: parseJson(row.translation_info, {}),
    original_workno: row.original_workno,
    lang: row.lang,
    source_type: row.source_type ?? defaultSourceType(row.id),
    source_url: row.source_url,
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
