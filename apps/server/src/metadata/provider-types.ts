import type { AGE_RATINGS, TAG_LANGUAGES } from '@sasayaki/api-contract';

/**
 * Where a work's metadata can come from (issue 12's shared design). `edit` is an administrator's hand
 * edit and always wins; the others are providers, tried in the configured order (`metadata.providers`).
 */
export const PROVIDER_NAMES = ['edit', 'workinfo', 'dlsite', 'asmrone', 'kikoeru', 'folder', 'tags'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

/** The providers whose order is configurable: every name but `edit`. */
export type OrderedProviderName = Exclude<ProviderName, 'edit'>;

/** `metadata.providers` when nothing is configured. */
export const DEFAULT_PROVIDER_ORDER: readonly OrderedProviderName[] = [
  'workinfo',
  'dlsite',
  'asmrone',
  'kikoeru',
  'folder',
  'tags',
];

export type AgeCategory = (typeof AGE_RATINGS)[number];

export interface ProviderCircle {
  /** The catalogue's numeric circle id (DLsite's maker number when known); null lets the scanner number it. */
  id: number | null;
  name: string;
  /** DLsite's maker id (`RG` + digits) when known. */
  dlsiteId?: string;
}

export interface ProviderVa {
  id: string | null;
  name: string;
}

export interface ProviderTag {
  /** DLsite genre id; null for a tag known only locally (it gets an id from scanner/label-ids.ts). */
  id: number | null;
  name: string;
  i18n: Partial<Record<(typeof TAG_LANGUAGES)[number], { name: string }>>;
}

export interface LanguageEdition {
  workno: string;
  lang: string;
  label: string;
  display_order: number;
  edition_type?: string;
  edition_id?: number;
}

export interface RatingDetail {
  review_point: number;
  count: number;
  ratio: number;
}

/**
 * What one provider knows about one work. Every field is optional: absent means "this provider does not
 * know", so merging takes it from the next provider in order (an empty string or list counts as absent).
 */
export interface ProviderMetadata {
  title?: string;
  circle?: ProviderCircle;
  vas?: ProviderVa[];
  tags?: ProviderTag[];
  /** YYYY-MM-DD. */
  release?: string;
  price?: number;
  dlCount?: number;
  nsfw?: boolean;
  age?: AgeCategory;
  rateAverage?: number;
  rateCount?: number;
  rateCountDetail?: RatingDetail[];
  reviewCount?: number;
  /** As DLsite gives it: `{ term, category, rank, rank_date }` items. */
  rank?: unknown[];
  series?: { id: string | null; name: string };
  languageEditions?: LanguageEdition[];
  /** DLsite's `translation_info` object, as is. */
  translationInfo?: Record<string, unknown>;
  originalWorkno?: string;
  /** The edition's own language: 'JPN', 'ENG', 'CHI_HANS' … */
  lang?: string;
  /** 'DLSITE' | 'LOCAL' … */
  sourceType?: string;
  sourceUrl?: string;
  /** Absolute URL of a remote cover image. */
  coverUrl?: string;
}

export type MetadataField = keyof ProviderMetadata;

/** Every field in a fixed order; a `Record` so that a field added to ProviderMetadata must be listed here. */
const FIELD_ORDER: Record<MetadataField, true> = {
  title: true,
  circle: true,
  vas: true,
  tags: true,
  release: true,
  price: true,
  dlCount: true,
  nsfw: true,
  age: true,
  rateAverage: true,
  rateCount: true,
  rateCountDetail: true,
  reviewCount: true,
  rank: true,
  series: true,
  languageEditions: true,
  translationInfo: true,
  originalWorkno: true,
  lang: true,
  sourceType: true,
  sourceUrl: true,
  coverUrl: true,
};
export const METADATA_FIELDS = Object.keys(FIELD_ORDER) as MetadataField[];

/**
 * How a provider's last attempt for a work ended: `ok` (data holds what it knows, possibly nothing),
 * `not_found` (e.g. delisted at DLsite), `failed` (network, timeout: tried again later), `unreadable` (an
 * answer or file that could not be parsed).
 */
export const PROVIDER_STATUSES = ['ok', 'not_found', 'failed', 'unreadable'] as const;
export type ProviderStatus = (typeof PROVIDER_STATUSES)[number];

/** One provider's answer for one work, as `saveProviderResult` stores it. */
export interface ProviderResult {
  status: ProviderStatus;
  /**
   * What it knows. With status `failed` (a passing fault) the data stored before is kept, so an outage
   * never empties a work; every other status replaces it.
   */
  data: ProviderMetadata;
  message?: string | null;
  /** When a fetching provider should ask again (ISO 8601); null or absent for local providers. */
  nextFetchAt?: string | null;
}

/** Which provider gave each field of a work (`works.field_sources`). */
export type FieldSources = Partial<Record<MetadataField, ProviderName>>;
