import { z } from 'zod';
import type { ProviderMetadata } from '../provider-types.js';
import { absoluteImageUrl } from './dlsite-urls.js';
import {
  ageOf,
  count,
  describeIssue,
  Edition,
  editionsOf,
  type ParseResult,
  ratingDetailOf,
  releaseOf,
  translationFacts,
} from './parse-product.js';

const decimal = z.union([
  z.number(),
  z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .transform(Number),
]);
const InfoItem = z.object({
  work_name: z.string().nullish(),
  age_category: count.nullish(),
  regist_date: z.string().nullish(),
  price: decimal.nullish(),
  // A string of digits in DLsite's answers; a number is accepted too. Missing on new works.
  dl_count: count.nullish(),
  rate_average_2dp: decimal.nullish(),
  rate_average: decimal.nullish(),
  rate_count: count.nullish(),
  review_count: count.nullish(),
  rate_count_detail: z.array(z.object({ review_point: count, count: count })).nullish(),
  rank: z.array(z.unknown()).nullish(),
  work_image: z.string().nullish(),
  translation_info: z.record(z.string(), z.unknown()).nullish(),
  dl_count_items: z.array(Edition).nullish(),
});
type InfoItem = z.infer<typeof InfoItem>;

/**
 * The product-info answer for a batch of codes: an object keyed by code, a missing code being one DLsite
 * does not know (the object may be empty, or an empty array). Each present code's facts, or why that
 * one code could not be read; a malformed answer as a whole is `unreadable` for every code asked.
 */
export function parseProductInfo(
  body: string,
  codes: readonly string[],
  base: string,
): Map<string, ParseResult<ProviderMetadata>> {
  const results = new Map<string, ParseResult<ProviderMetadata>>();
  let raw: unknown;
  try {
    raw = JSON.parse(body);
  } catch (error) {
    const unreadable = {
      kind: 'unreadable' as const,
      message: `DLsite product info is not JSON (${(error as Error).message})`,
    };
    for (const code of codes) results.set(code, unreadable);
    return results;
  }
  const byCode = Array.isArray(raw) && raw.length === 0 ? {} : raw;
  if (typeof byCode !== 'object' || byCode === null || Array.isArray(byCode)) {
    for (const code of codes)
      results.set(code, {
        kind: 'unreadable',
        message: 'DLsite product info is not an object keyed by code',
      });
    return results;
  }
  for (const code of codes) {
    const item = (byCode as Record<string, unknown>)[code];
    if (item === undefined) {
      results.set(code, { kind: 'not_found' });
      continue;
    }
    const parsed = InfoItem.safeParse(item);
    results.set(
      code,
      parsed.success
        ? { kind: 'ok', value: infoFacts(parsed.data, base) }
        : { kind: 'unreadable', message: `DLsite product info: ${describeIssue(parsed.error)}` },
    );
  }
  return results;
}

function infoFacts(item: InfoItem, base: string): ProviderMetadata {
  const facts: ProviderMetadata = {};
  if (item.work_name) facts.title = item.work_name;
  if (item.price != null) facts.price = item.price;
  if (item.dl_count != null) facts.dlCount = item.dl_count;
  const average = item.rate_average_2dp ?? item.rate_average;
  if (average != null) facts.rateAverage = average;
  if (item.rate_count != null) facts.rateCount = item.rate_count;
  if (item.review_count != null) facts.reviewCount = item.review_count;
  if (item.rate_count_detail) {
    // The counts decide; ratios are worked out again so both endpoints' details read the same.
    facts.rateCountDetail = ratingDetailOf(
      Object.fromEntries(item.rate_count_detail.map((entry) => [String(entry.review_point), entry.count])),
    );
  }
  if (item.rank) facts.rank = item.rank;
  const release = releaseOf(item.regist_date);
  if (release) facts.release = release;
  const age = ageOf(item.age_category, null);
  if (age) {
    facts.age = age;
    facts.nsfw = age !== 'general';
  }
  const cover = item.work_image ? absoluteImageUrl(base, item.work_image) : null;
  if (cover) facts.coverUrl = cover;
  if (item.translation_info) Object.assign(facts, translationFacts(item.translation_info));
  if (item.dl_count_items?.length) facts.languageEditions = editionsOf(item.dl_count_items);
  return facts;
}
