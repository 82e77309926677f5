import { AGE_RATINGS, TAG_LANGUAGES } from '@sasayaki/api-contract';
import { z } from 'zod';
import { readLibraryFile } from '../media/library-file.js';
import type { ProviderMetadata, ProviderTag } from '../metadata/provider-types.js';

// Lenient: a field of the wrong shape is dropped (`catch`), not the whole file; unknown fields are ignored.
const name = z.string().trim().min(1);
const optionalName = name.optional().catch(undefined);
const int = z.coerce.number().int().nonnegative().optional().catch(undefined);
/** An id DLsite writes as text or a number (series `SRI…`), kept as text. */
const idText = z
  .union([name, z.number().int().transform(String)])
  .optional()
  .catch(undefined);
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
    const names: ProviderTag['i18n'] = {};
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
  series: z
    .union([
      name.transform((seriesName) => ({ id: undefined, name: seriesName })),
      z.object({ id: idText, name }),
    ])
    .optional()
    .catch(undefined),
  title_id: idText,
  title_name: optionalName,
  series_name: optionalName,
  language_editions: listOf(
    z.object({
      workno: name,
      lang: name,
      label: z.string().catch(''),
      display_order: z.coerce.number().int().catch(0),
      edition_type: optionalName,
      edition_id: int,
    }),
  ),
  translation_info: z.record(z.string(), z.unknown()).optional().catch(undefined),
  original_workno: optionalName,
  lang: optionalName,
  source_type: optionalName,
  source_url: z.url().optional().catch(undefined),
});

export type WorkInfoResult = { ok: true; metadata: ProviderMetadata } | { ok: false; message: string };

/**
 * A workinfo.json read from disk: its metadata, or why not, the file (`file`: it could not be read) or
 * its text (`content`: not JSON, not an object). Assignable to resolve-metadata's WorkInfoReading.
 */
export type WorkInfoFileReading =
  | { kind: 'read'; metadata: ProviderMetadata }
  | { kind: 'unreadable'; message: string; cause: 'file' | 'content' };

/** A workinfo.json is a few KiB of text: a larger one is not metadata, and is not read into memory. */
const WORKINFO_MAX_BYTES = 1024 * 1024;

/**
 * Reads and parses the workinfo.json at `absPath` inside the library folder `rootDir` (read as every
 * library file is: no link out of the folder, at most 1 MiB). A scan's phase 4 and a work's local
 * metadata refresh (metadata/local-refresh.ts) both read the sidecar here.
 */
export async function readWorkInfoFile(
  absPath: string | Buffer,
  rootDir: string,
): Promise<WorkInfoFileReading> {
  let text: string;
  try {
    text = (await readLibraryFile(absPath, rootDir, WORKINFO_MAX_BYTES)).toString('utf8');
  } catch (error) {
    return { kind: 'unreadable', message: `Cannot read: ${(error as Error).message}`, cause: 'file' };
  }
  const parsed = parseWorkInfo(text);
  return parsed.ok
    ? { kind: 'read', metadata: parsed.metadata }
    : { kind: 'unreadable', message: parsed.message, cause: 'content' };
}

/**
 * Reads a `workinfo.json` (the contract's Work shape, as `/api/workInfo` returns it, plus DLsite's edition
 * fields) as the `workinfo` provider's answer: only the fields the file gives.
 */
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
  const age = info.age_category_string ?? info.age;
  const seriesName = info.series?.name ?? info.title_name ?? info.series_name;
  const metadata: ProviderMetadata = {
    title: info.title,
    circle: circleName ? { id: info.circle?.id ?? info.circle_id ?? null, name: circleName } : undefined,
    vas: info.vas.map((va) => ({ id: va.id ?? null, name: va.name })),
    tags: info.tags.map((tag) => ({ id: tag.id ?? null, name: tag.name, i18n: tag.i18n })),
    release: info.release,
    price: info.price,
    dlCount: info.dl_count,
    nsfw: info.nsfw ?? (age === undefined ? undefined : age === 'adult'),
    age,
    rateAverage: info.rate_average_2dp,
    rateCount: info.rate_count,
    rateCountDetail: info.rate_count_detail.map((d) => ({ ...d, ratio: Math.round(d.ratio) })),
    reviewCount: info.review_count,
    series: seriesName ? { id: info.series?.id ?? info.title_id ?? null, name: seriesName } : undefined,
    languageEditions: info.language_editions.map(({ edition_type, edition_id, ...edition }) => ({
      ...edition,
      ...(edition_type === undefined ? {} : { edition_type }),
      ...(edition_id === undefined ? {} : { edition_id }),
    })),
    translationInfo: info.translation_info,
    originalWorkno: info.original_workno,
    lang: info.lang,
    sourceType: info.source_type,
    sourceUrl: info.source_url,
  };
  return { ok: true, metadata: withoutAbsent(metadata) };
}

/** Drops undefined fields and empty lists: an answer holds only what the file says. */
function withoutAbsent(metadata: ProviderMetadata): ProviderMetadata {
  return Object.fromEntries(
    Object.entries(metadata).filter(
      ([, value]) => value !== undefined && !(Array.isArray(value) && value.length === 0),
    ),
  ) as ProviderMetadata;
}
