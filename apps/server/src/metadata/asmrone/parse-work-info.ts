import { TAG_LANGUAGES } from '@sasayaki/api-contract';
import { z } from 'zod';
import type { AgeCategory, ProviderMetadata, ProviderTag, RatingDetail } from '../provider-types.js';

/** What reading one asmr.one answer gave: its facts, or why it could not be read. */
export type WorkInfoParse = { kind: 'ok'; value: ProviderMetadata } | { kind: 'unreadable'; message: string };

// Lenient: every field may be missing or null, and a field of the wrong type is dropped on its own
// (`.catch(undefined)`), so one odd field never costs the work its other facts.
const loose = <T extends z.ZodTypeAny>(schema: T) => schema.nullish().catch(undefined);
const text = z.string().trim().min(1);
const number = z.coerce.number().finite().nonnegative();

const Named = z.object({ id: z.union([z.number(), z.string()]).nullish(), name: text });
const Tag = z.object({
  id: z.number().int().nullish(),
  name: text,
  i18n: loose(z.record(z.string(), z.object({ name: text.nullish() }).passthrough())),
});
const Detail = z.object({ review_point: number, count: number, ratio: number });

const WorkInfo = z
  .object({
    title: loose(text),
    name: loose(text),
    circle_id: loose(z.number().int()),
    circle: loose(Named),
    vas: loose(z.array(Named)),
    tags: loose(z.array(Tag)),
    release: loose(z.string().regex(/^\d{4}-\d{2}-\d{2}/)),
    price: loose(number),
    dl_count: loose(number),
    nsfw: loose(z.boolean()),
    age_category_string: loose(z.string()),
    rate_average_2dp: loose(number),
    rate_count: loose(number),
    rate_count_detail: loose(z.array(Detail)),
    review_count: loose(number),
    /** The cover as asmr.one (or a kikoeru server) links it: absolute, or relative to the server. */
    mainCoverUrl: loose(text),
  })
  .passthrough();

const AGES: Record<string, AgeCategory> = { general: 'general', r15: 'r15', adult: 'adult' };

/**
 * asmr.one's `GET /api/workInfo/:id` answer (the same `Work` shape as Sasayaki's own, docs/metadata.md
 * "asmr.one") → ProviderMetadata. Not JSON, or not an object, is `unreadable`; inside the object each
 * field is read on its own and a field it cannot read is left for the next provider.
 */
export function parseWorkInfo(body: string): WorkInfoParse {
  let raw: unknown;
  try {
    raw = JSON.parse(body);
  } catch (error) {
    return { kind: 'unreadable', message: `asmr.one workInfo is not JSON (${(error as Error).message})` };
  }
  const parsed = WorkInfo.safeParse(raw);
  if (!parsed.success) return { kind: 'unreadable', message: 'asmr.one workInfo is not an object' };
  const work = parsed.data;
  const metadata: ProviderMetadata = { sourceType: 'ASMRONE' };
  if (work.title) metadata.title = work.title;
  const circleName = work.circle?.name ?? work.name;
  if (circleName) {
    const id = Number(work.circle?.id ?? work.circle_id);
    metadata.circle = { id: Number.isInteger(id) && id > 0 ? id : null, name: circleName };
  }
  if (work.vas?.length)
    metadata.vas = work.vas.map((va) => ({ id: va.id == null ? null : String(va.id), name: va.name }));
  if (work.tags?.length) metadata.tags = work.tags.map(tagOf);
  if (work.release) metadata.release = work.release.slice(0, 10);
  if (work.price != null) metadata.price = work.price;
  if (work.dl_count != null) metadata.dlCount = work.dl_count;
  const age = work.age_category_string ? AGES[work.age_category_string] : undefined;
  if (age) metadata.age = age;
  if (work.nsfw != null) metadata.nsfw = work.nsfw;
  else if (age) metadata.nsfw = age !== 'general';
  if (work.rate_average_2dp != null) metadata.rateAverage = work.rate_average_2dp;
  if (work.rate_count != null) metadata.rateCount = work.rate_count;
  if (work.rate_count_detail?.length) metadata.rateCountDetail = work.rate_count_detail as RatingDetail[];
  if (work.review_count != null) metadata.reviewCount = work.review_count;
  if (work.mainCoverUrl) metadata.coverUrl = work.mainCoverUrl;
  return { kind: 'ok', value: metadata };
}

/** A tag with the names asmr.one gives (its ids are DLsite's genre ids); Japanese falls back to `name`. */
function tagOf(tag: z.infer<typeof Tag>): ProviderTag {
  const i18n: ProviderTag['i18n'] = {};
  for (const language of TAG_LANGUAGES) {
    const name = tag.i18n?.[language]?.name;
    if (name) i18n[language] = { name };
  }
  i18n['ja-jp'] ??= { name: tag.name };
  return { id: tag.id ?? null, name: tag.name, i18n };
}
