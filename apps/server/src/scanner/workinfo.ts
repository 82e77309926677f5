import { AGE_RATINGS, TAG_LANGUAGES, type TagLanguage } from '@sasayaki/api-contract';
import { z } from 'zod';

export type AgeRating = (typeof AGE_RATINGS)[number];
export type TagI18nNames = Partial<Record<TagLanguage, { name: string }>>;

/** Metadata as the scanner uses it, whatever its source; absent facts are null. */
export interface WorkMetadata {
  title: string | null;
  circle: { id: number | null; name: string } | null;
  vas: Array<{ id: string | null; name: string }>;
  tags: Array<{ id: number | null; name: string; i18n: TagI18nNames }>;
  release: string | null;
  price: number | null;
  dlCount: number | null;
  nsfw: boolean | null;
  age: AgeRating | null;
  rateAverage: number | null;
  rateCount: number | null;
  rateCountDetail: Array<{ review_point: number; count: number; ratio: number }> | null;
  reviewCount: number | null;
}

// Lenient: a field of the wrong shape is dropped (`catch`), not the whole file; unknown fields are ignored.
const name = z.string().trim().min(1);
const optionalName = name.optional().catch(undefined);
const int = z.coerce.number().int().nonnegative().optional().catch(undefined);
const num = z.coerce.number().nonnegative().optional().catch(undefined);
const listOf = <T extends z.ZodType>(item: T) =>
  z
    .array(z.unknown())
    .optional()
    .catch(undefined)
    .transform((items) =>
      (items ?? []).flatMap((entry) => {
        const parsed = item.safeParse(entry);
        return parsed.success ? [parsed.data as z.output<T>] : [];
      }),
    );

const I18n = z
  .record(z.string(), z.unknown())
  .optional()
  .catch(undefined)
  .transform((value) => {
    const names: TagI18nNames = {};
    for (const language of TAG_LANGUAGES) {
      const entry = z.object({ name }).safeParse(value?.[language]);
      if (entry.success) names[language] = { name: entry.data.name };
    }
    return names;
  });

const WorkInfoFile = z.object({
  title: optionalName,
  circle: z.object({ id: int, name }).optional().catch(undefined),
  circle_id: int,
  name: optionalName,
  vas: listOf(z.object({ id: z.guid().optional().catch(undefined), name })),
  tags: listOf(z.object({ id: int, name, i18n: I18n })),
  release: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}/)
    .transform((value) => value.slice(0, 10))
    .optional()
    .catch(undefined),
  price: int,
  dl_count: int,
  nsfw: z.boolean().optional().catch(undefined),
  age_category_string: z.enum(AGE_RATINGS).optional().catch(undefined),
  age: z.enum(AGE_RATINGS).optional().catch(undefined),
  rate_average_2dp: num,
  rate_count: int,
  rate_count_detail: listOf(
    z.object({ review_point: z.number().int(), count: z.number().int(), ratio: z.number() }),
  ),
  review_count: int,
});

export type WorkInfoResult = { ok: true; metadata: WorkMetadata } | { ok: false; message: string };

/** Reads a `workinfo.json` (the contract's Work shape, as `/api/workInfo` returns it). */
export function parseWorkInfo(text: string): WorkInfoResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return { ok: false, message: `workinfo.json is not valid JSON (${(error as Error).message})` };
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    return { ok: false, message: 'workinfo.json is not a JSON object' };
  }
  const info = WorkInfoFile.parse(raw);
  const circleName = info.circle?.name ?? info.name;
  const age = info.age_category_string ?? info.age ?? null;
  return {
    ok: true,
    metadata: {
      title: info.title ?? null,
      circle: circleName ? { id: info.circle?.id ?? info.circle_id ?? null, name: circleName } : null,
      vas: info.vas.map((va) => ({ id: va.id ?? null, name: va.name })),
      tags: info.tags.map((tag) => ({ id: tag.id ?? null, name: tag.name, i18n: tag.i18n })),
      release: info.release ?? null,
      price: info.price ?? null,
      dlCount: info.dl_count ?? null,
      nsfw: info.nsfw ?? (age === null ? null : age === 'adult'),
      age,
      rateAverage: info.rate_average_2dp ?? null,
      rateCount: info.rate_count ?? null,
      rateCountDetail:
        info.rate_count_detail.length > 0
          ? info.rate_count_detail.map((d) => ({ ...d, ratio: Math.round(d.ratio) }))
          : null,
      reviewCount: info.review_count ?? null,
    },
  };
}
