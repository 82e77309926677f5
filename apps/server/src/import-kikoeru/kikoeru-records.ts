import { PROGRESS_STATES, type ProgressState, type TagLanguage } from '@sasayaki/api-contract';
import { isMd5Hex } from '../auth/kikoeru-passwords.js';
import type { ProviderMetadata, ProviderTag, RatingDetail } from '../metadata/provider-types.js';
import type { KikoeruRow, KikoeruTables } from './kikoeru-database.js';

/**
 * kikoeru's rows as the import writes them, each value checked: a row that cannot be used (a work id
 * that is not an RJ number, a review of an unknown user, a rating of 7) is left out and reported, the
 * rest goes on. The database as a whole was checked before (kikoeru-database.ts).
 */
export interface ImportProblem {
  kind: 'work' | 'user' | 'review' | 'password';
  /** What it is about: a code, a user name, `name/RJ123456`. */
  subject: string;
  message: string;
}

export interface KikoeruWork {
  id: number;
  /** What kikoeru knew, as the `kikoeru` metadata provider's answer. */
  metadata: ProviderMetadata;
}

export interface KikoeruUser {
  name: string;
  /** kikoeru's md5 hex; null when the stored value is not one (the account gets no usable password). */
  md5: string | null;
}

export interface KikoeruReview {
  userName: string;
  workId: number;
  rating: number | null;
  reviewText: string | null;
  progress: ProgressState | null;
  /** ISO 8601. */
  updatedAt: string;
}

export interface KikoeruRecords {
  works: KikoeruWork[];
  users: KikoeruUser[];
  reviews: KikoeruReview[];
  problems: ImportProblem[];
}

/** One value as better-sqlite3 returns it (undefined: a column the row does not have). */
type Cell = KikoeruRow[string] | undefined;

/** kikoeru's ids are RJ numbers (RJ01234567 is 1234567), which are Sasayaki's ids of RJ codes too. */
const MAX_RJ_NUMBER = 99_999_999;

function text(value: Cell): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : Buffer.isBuffer(value) ? value.toString('utf8') : String(value);
}

function integer(value: Cell): number | null {
  const number =
    typeof value === 'bigint' ? Number(value) : typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) ? number : null;
}

function finite(value: Cell): number | null {
  const number = typeof value === 'bigint' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
}

function workId(value: Cell): number | null {
  const raw = text(value)?.trim().replace(/^rj/i, '') ?? '';
  if (!/^\d{1,8}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= MAX_RJ_NUMBER ? id : null;
}

function parseJson(value: Cell): unknown {
  const raw = text(value);
  if (!raw) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

function ratingDetail(value: Cell): RatingDetail[] | undefined {
  const parsed = parseJson(value);
  if (!Array.isArray(parsed)) return undefined;
  const details = parsed.filter(
    (item): item is RatingDetail =>
      typeof item === 'object' &&
      item !== null &&
      typeof item.review_point === 'number' &&
      typeof item.count === 'number' &&
      typeof item.ratio === 'number',
  );
  return details.length > 0 ? details : undefined;
}

/** `YYYY-MM-DD HH:MM:SS` (knex's CURRENT_TIMESTAMP, UTC) or anything Date reads, as ISO 8601. */
function isoTime(value: Cell, fallback: string): string {
  const raw = text(value)?.trim();
  if (!raw) return fallback;
  const time = new Date(
    /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(raw) ? `${raw.replace(' ', 'T')}Z` : raw,
  );
  return Number.isNaN(time.getTime()) ? fallback : time.toISOString();
}

/** Sets a field only when kikoeru knew it (absent means "does not know" to the merge). */
function known<T>(value: T | null | undefined): T | undefined {
  return value === null || value === undefined || value === '' ? undefined : value;
}

function tagsById(tables: KikoeruTables, tagLanguage: TagLanguage | null): Map<number, ProviderTag> {
  const tags = new Map<number, ProviderTag>();
  for (const row of tables.t_tag) {
    const id = integer(row.id);
    const name = text(row.name)?.trim();
    if (id === null || !name) continue;
    const i18n: ProviderTag['i18n'] = {};
    const stored = parseJson(row.i18n);
    if (stored && typeof stored === 'object') {
      for (const [language, entry] of Object.entries(stored as Record<string, unknown>)) {
        const localName = (entry as { name?: unknown } | null)?.name;
        if (['en-us', 'ja-jp', 'zh-cn'].includes(language) && typeof localName === 'string' && localName) {
          i18n[language as TagLanguage] = { name: localName };
        }
      }
    }
    if (tagLanguage && !i18n[tagLanguage]) i18n[tagLanguage] = { name };
    tags.set(id, { id, name, i18n });
  }
  return tags;
}

function groupBy<K, V>(
  rows: KikoeruRow[],
  key: (row: KikoeruRow) => K | null,
  value: (row: KikoeruRow) => V | null,
) {
  const groups = new Map<K, V[]>();
  for (const row of rows) {
    const k = key(row);
    const v = value(row);
    if (k === null || v === null) continue;
    const list = groups.get(k);
    if (list) list.push(v);
    else groups.set(k, [v]);
  }
  return groups;
}

function works(
  tables: KikoeruTables,
  tagLanguage: TagLanguage | null,
  problems: ImportProblem[],
): KikoeruWork[] {
  const circles = new Map(tables.t_circle.map((row) => [integer(row.id), text(row.name)?.trim() ?? '']));
  const vaNames = new Map(tables.t_va.map((row) => [text(row.id), text(row.name)?.trim() ?? '']));
  const tags = tagsById(tables, tagLanguage);
  const tagsOf = groupBy(
    tables.r_tag_work,
    (row) => integer(row.work_id),
    (row) => tags.get(integer(row.tag_id) ?? -1) ?? null,
  );
  const vasOf = groupBy(
    tables.r_va_work,
    (row) => integer(row.work_id),
    (row) => vaNames.get(text(row.va_id)) || null,
  );
  const result: KikoeruWork[] = [];
  for (const row of tables.t_work) {
    const id = workId(row.id);
    if (id === null) {
      problems.push({
        kind: 'work',
        subject: String(text(row.id)),
        message: 'the id is not an RJ number; left out',
      });
      continue;
    }
    const circleId = integer(row.circle_id);
    const circleName = circles.get(circleId);
    const nsfw = integer(row.nsfw);
    const metadata: ProviderMetadata = {
      title: known(text(row.title)?.trim()),
      // kikoeru's circle ids are DLsite's maker numbers, as Sasayaki's are; VA ids are left to Sasayaki's
      // own scheme (a UUID of the name in its namespace), so a VA named by DLsite later is the same label.
      circle: circleId !== null && circleName ? { id: circleId, name: circleName } : undefined,
      vas: vasOf.get(id)?.map((name) => ({ id: null, name })),
      tags: tagsOf.get(id),
      release: known(/^\d{4}-\d{2}-\d{2}$/.test(text(row.release) ?? '') ? text(row.release) : null),
      price: known(integer(row.price)),
      dlCount: known(integer(row.dl_count)),
      nsfw: nsfw === null ? undefined : nsfw !== 0,
      rateAverage: known(finite(row.rate_average_2dp)),
      rateCount: known(integer(row.rate_count)),
      rateCountDetail: ratingDetail(row.rate_count_detail),
      reviewCount: known(integer(row.review_count)),
      rank: ((rank) => (Array.isArray(rank) && rank.length > 0 ? rank : undefined))(parseJson(row.rank)),
    };
    for (const key of Object.keys(metadata) as Array<keyof ProviderMetadata>) {
      const value = metadata[key];
      if (value === undefined || (Array.isArray(value) && value.length === 0)) delete metadata[key];
    }
    result.push({ id, metadata });
  }
  return result.sort((a, b) => a.id - b.id);
}

function users(tables: KikoeruTables, problems: ImportProblem[]): KikoeruUser[] {
  return tables.t_user
    .map((row) => {
      const name = text(row.name) ?? '';
      const password = text(row.password)?.trim().toLowerCase() ?? '';
      if (!isMd5Hex(password)) {
        problems.push({
          kind: 'password',
          subject: name,
          message: 'the stored password is not a kikoeru md5 hash; imported without a usable password',
        });
      }
      return { name, md5: isMd5Hex(password) ? password : null };
    })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

const PROGRESS = new Set<string>(PROGRESS_STATES);

function reviews(tables: KikoeruTables, problems: ImportProblem[], now: string): KikoeruReview[] {
  const result: KikoeruReview[] = [];
  for (const row of tables.t_review) {
    const userName = text(row.user_name) ?? '';
    const id = workId(row.work_id);
    const subject = `${userName}/${text(row.work_id)}`;
    if (id === null) {
      problems.push({ kind: 'review', subject, message: 'the work id is not an RJ number; left out' });
      continue;
    }
    const rawRating = row.rating === null ? null : finite(row.rating);
    const rating =
      rawRating !== null && rawRating >= 0 && rawRating <= 5 && rawRating * 2 === Math.round(rawRating * 2)
        ? rawRating
        : null;
    if (row.rating !== null && rating === null) {
      problems.push({
        kind: 'review',
        subject,
        message: `the rating ${text(row.rating)} is not 0 to 5; left out`,
      });
    }
    const progressText = text(row.progress)?.trim() || null;
    const progress = progressText && PROGRESS.has(progressText) ? (progressText as ProgressState) : null;
    if (progressText && !progress) {
      problems.push({
        kind: 'review',
        subject,
        message: `the progress "${progressText}" is unknown; left out`,
      });
    }
    const reviewText = text(row.review_text) || null;
    // kikoeru keeps rows it no longer has anything in (a rating cleared); Sasayaki does not.
    if (rating === null && progress === null && reviewText === null) continue;
    result.push({
      userName,
      workId: id,
      rating,
      reviewText,
      progress,
      updatedAt: isoTime(row.updated_at, now),
    });
  }
  return result;
}

/** Everything the import writes, in a stable order (so two runs compare equal). */
export function kikoeruRecords(
  tables: KikoeruTables,
  tagLanguage: TagLanguage | null,
  now: string,
): KikoeruRecords {
  const problems: ImportProblem[] = [];
  return {
    works: works(tables, tagLanguage, problems),
    users: users(tables, problems),
    reviews: reviews(tables, problems, now),
    problems,
  };
}
