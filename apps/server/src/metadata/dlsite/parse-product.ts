import { z } from 'zod';
import type { LanguageEdition, ProviderMetadata } from '../provider-types.js';
import { absoluteImageUrl } from './dlsite-urls.js';

/** A genre as one locale names it; the id is the same in every locale. */
export interface GenreName {
  id: number;
  name: string;
}

/** What the product JSON says of one work, in one locale. */
export interface ProductFacts {
  metadata: ProviderMetadata;
  genres: GenreName[];
}

export type ParseResult<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'not_found' }
  | { kind: 'unreadable'; message: string };

const text = z.string();
/** A count as DLsite writes it: a number, or a string of digits (`dl_count`). */
export const count = z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]);
const Person = z.object({ id: z.union([z.string(), z.number()]).nullish(), name: text });
export const Edition = z.object({
  workno: text,
  lang: text,
  label: text.nullish(),
  display_label: text.nullish(),
  display_order: count.nullish(),
});
const ProductItem = z.object({
  workno: text,
  work_name: text.nullish(),
  product_name: text.nullish(),
  maker_id: text.nullish(),
  maker_name: text.nullish(),
  age_category: count.nullish(),
  age_category_string: text.nullish(),
  regist_date: text.nullish(),
  genres: z.array(z.object({ id: count, name: text })).nullish(),
  // An object of role arrays, or an empty array when the work credits nobody.
  creaters: z.union([z.object({ voice_by: z.array(Person).nullish() }), z.array(z.unknown())]).nullish(),
  series_name: text.nullish(),
  title_name: text.nullish(),
  title_id: text.nullish(),
  image_main: z.object({ url: text }).nullish(),
  language_editions: z.union([z.array(Edition), z.record(z.string(), Edition)]).nullish(),
  editions: z.union([z.array(Edition), z.record(z.string(), Edition)]).nullish(),
  translation_info: z.record(z.string(), z.unknown()).nullish(),
  rate_count_detail: z.record(z.string(), count).nullish(),
});

const AGE_BY_CATEGORY: Record<number, NonNullable<ProviderMetadata['age']>> = {
  1: 'general',
  2: 'r15',
  3: 'adult',
};

/** Where a parse failed, in words: the first issue's path and message. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'unexpected shape';
}

/**
 * The product JSON answer (an array) for `code`. An empty array is DLsite's "no such work here" (missing,
 * delisted, or region-locked): `not_found`. Malformed JSON or another shape: `unreadable`, with what
 * was wrong, so the work's report says it.
 */
export function parseProductJson(body: string, code: string, base: string): ParseResult<ProductFacts> {
  let raw: unknown;
  try {
    raw = JSON.parse(body);
  } catch (error) {
    return { kind: 'unreadable', message: `DLsite product JSON is not JSON (${(error as Error).message})` };
  }
  if (!Array.isArray(raw)) return { kind: 'unreadable', message: 'DLsite product JSON is not an array' };
  const item = raw.find((entry) => (entry as { workno?: unknown } | null)?.workno === code) ?? raw[0];
  if (item === undefined) return { kind: 'not_found' };
  const parsed = ProductItem.safeParse(item);
  if (!parsed.success) {
    return { kind: 'unreadable', message: `DLsite product JSON: ${describeIssue(parsed.error)}` };
  }
  return { kind: 'ok', value: factsOf(parsed.data, base) };
}

function factsOf(item: z.infer<typeof ProductItem>, base: string): ProductFacts {
  const metadata: ProviderMetadata = { sourceType: 'DLSITE' };
  const title = item.work_name ?? item.product_name;
  if (title) metadata.title = title;
  if (item.maker_name) metadata.circle = circleOf(item.maker_id ?? null, item.maker_name);
  const vas = Array.isArray(item.creaters) ? [] : (item.creaters?.voice_by ?? []);
  if (item.creaters) metadata.vas = uniqueNames(vas.map((va) => va.name.trim()).filter(Boolean));
  const release = releaseOf(item.regist_date);
  if (release) metadata.release = release;
  const age = ageOf(item.age_category, item.age_category_string);
  if (age) {
    metadata.age = age;
    metadata.nsfw = age !== 'general';
  }
  const series = item.series_name ?? item.title_name;
  if (series) metadata.series = { id: item.title_id ?? null, name: series };
  const editions = item.language_editions ?? item.editions;
  if (editions) metadata.languageEditions = editionsOf(editions);
  if (item.translation_info) Object.assign(metadata, translationFacts(item.translation_info));
  if (item.rate_count_detail) metadata.rateCountDetail = ratingDetailOf(item.rate_count_detail);
  const image = item.image_main?.url ? absoluteImageUrl(base, item.image_main.url) : null;
  if (image) metadata.coverUrl = image;
  const genres = (item.genres ?? []).map((genre) => ({ id: genre.id, name: genre.name.trim() }));
  return { metadata, genres };
}

/**
 * A circle: DLsite's `RG` number is its id (as kikoeru numbers circles), so the same circle is one label
 * whichever work brought it; an id that is not `RG` + digits leaves the id to the name.
 */
export function circleOf(makerId: string | null, name: string): NonNullable<ProviderMetadata['circle']> {
  const match = makerId ? /^RG(\d{1,9})$/.exec(makerId) : null;
  const circle: NonNullable<ProviderMetadata['circle']> = { id: match ? Number(match[1]) : null, name };
  if (makerId && match) circle.dlsiteId = makerId;
  return circle;
}

/**
 * Voice actors by name, no ids: DLsite's creator ids are not Sasayaki's (name-derived UUIDs,
 * `scanner/label-ids.ts`), and leaving the id to the catalogue writer makes the same person one label
 * whether a sidecar, the folder name or DLsite named them.
 */
function uniqueNames(names: string[]): NonNullable<ProviderMetadata['vas']> {
  return [...new Set(names)].map((name) => ({ id: null, name }));
}

/** `YYYY-MM-DD HH:MM:SS` (Japan time) or `YYYY-MM-DD` → the date; anything else is unknown. */
export function releaseOf(value: string | null | undefined): string | null {
  const match = value ? /^(\d{4}-\d{2}-\d{2})/.exec(value) : null;
  return match ? (match[1] as string) : null;
}

export function ageOf(
  category: number | null | undefined,
  word: string | null | undefined,
): ProviderMetadata['age'] | null {
  if (word === 'general' || word === 'r15' || word === 'adult') return word;
  return (category && AGE_BY_CATEGORY[category]) || null;
}

export function editionsOf(
  editions: Array<z.infer<typeof Edition>> | Record<string, z.infer<typeof Edition>>,
): LanguageEdition[] {
  const list = Array.isArray(editions) ? editions : Object.values(editions);
  return list
    .map((edition, index) => ({
      workno: edition.workno,
      lang: edition.lang,
      label: edition.label ?? edition.display_label ?? edition.lang,
      display_order: edition.display_order ?? index + 1,
    }))
    .sort((a, b) => a.display_order - b.display_order);
}

/** The translation object as is, plus the two facts the merge uses: the original's code and this edition's language. */
export function translationFacts(info: Record<string, unknown>): ProviderMetadata {
  const facts: ProviderMetadata = { translationInfo: info };
  const original = info.original_workno;
  if (typeof original === 'string' && /^[A-Z]{2}\d{6,8}$/.test(original)) facts.originalWorkno = original;
  if (typeof info.lang === 'string' && info.lang !== '') facts.lang = info.lang;
  return facts;
}

/** `{ "1": n, … "5": n }` → the contract's five `{ review_point, count, ratio }`, ratio in whole percent. */
export function ratingDetailOf(
  detail: Record<string, number>,
): NonNullable<ProviderMetadata['rateCountDetail']> {
  const counts = [1, 2, 3, 4, 5].map((point) => detail[String(point)] ?? 0);
  const total = counts.reduce((sum, value) => sum + value, 0);
  return counts.map((value, index) => ({
    review_point: index + 1,
    count: value,
    ratio: total > 0 ? Math.round((value / total) * 100) : 0,
  }));
}
