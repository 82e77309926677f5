/** Constants shared by the server and the web app: the product's vocabulary, defined once. */

export const PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 100;
/**
 * The largest id the database's integer columns hold (PostgreSQL `integer`): a larger id in a request is
 * bad input (400), not a database error.
 */
export const MAX_ID = 2_147_483_647;

/** Values of the `order` query parameter of the work lists (contract section 4). */
export const WORK_ORDERS = [
  'release',
  'create_date',
  'rating',
  'dl_count',
  'price',
  'rate_average_2dp',
  'review_count',
  'id',
  'nsfw',
  'title',
  'duration',
  'random',
  'betterRandom',
] as const;
export type WorkOrder = (typeof WORK_ORDERS)[number];

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** The 13 sort options of the works screen (spec section 9), in the order the selector shows them. */
export const SORT_OPTIONS: ReadonlyArray<{ key: string; order: WorkOrder; sort: SortDirection }> = [
  { key: 'releaseDesc', order: 'release', sort: 'desc' },
  { key: 'createDateDesc', order: 'create_date', sort: 'desc' },
  { key: 'ratingDesc', order: 'rating', sort: 'desc' },
  { key: 'releaseAsc', order: 'release', sort: 'asc' },
  { key: 'dlCountDesc', order: 'dl_count', sort: 'desc' },
  { key: 'priceAsc', order: 'price', sort: 'asc' },
  { key: 'priceDesc', order: 'price', sort: 'desc' },
  { key: 'rateAverageDesc', order: 'rate_average_2dp', sort: 'desc' },
  { key: 'reviewCountDesc', order: 'review_count', sort: 'desc' },
  { key: 'idDesc', order: 'id', sort: 'desc' },
  { key: 'idAsc', order: 'id', sort: 'asc' },
  { key: 'nsfwAsc', order: 'nsfw', sort: 'asc' },
  { key: 'random', order: 'random', sort: 'desc' },
];
export const DEFAULT_ORDER: WorkOrder = 'create_date';
export const DEFAULT_SORT: SortDirection = 'desc';

export const PROGRESS_STATES = ['marked', 'listening', 'listened', 'replay', 'postponed'] as const;
export type ProgressState = (typeof PROGRESS_STATES)[number];

export const REVIEW_ORDERS = [
  'updated_at',
  'userRating',
  'release',
  'review_count',
  'dl_count',
  'nsfw',
] as const;
export type ReviewOrder = (typeof REVIEW_ORDERS)[number];

export const FEEDBACK_CATEGORIES = [
  'noFiles',
  'missingFiles',
  'cantPlay',
  'notOriginal',
  'subtitleNotMatch',
  'fileBroken',
  'other',
] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];

export const USER_GROUPS = ['administrator', 'user', 'guest'] as const;
export type UserGroup = (typeof USER_GROUPS)[number];

/** Deleting users: their reviews and ratings go with them, or stay anonymised in the works' averages. */
export const USER_REVIEW_FATES = ['delete', 'anonymise'] as const;
export type UserReviewFate = (typeof USER_REVIEW_FATES)[number];

/** The feedback inbox's state filter. */
export const FEEDBACK_STATES = ['open', 'resolved'] as const;
export type FeedbackState = (typeof FEEDBACK_STATES)[number];

export const COVER_TYPES = ['main', 'sam', '240x240'] as const;
export type CoverType = (typeof COVER_TYPES)[number];

export const FILE_TYPES = ['audio', 'text', 'image', 'other'] as const;
export type FileType = (typeof FILE_TYPES)[number];

/** File types by extension (contract section 9), lower case, without the dot. */
export const EXTENSIONS_BY_TYPE: Readonly<Record<Exclude<FileType, 'other'>, readonly string[]>> = {
  audio: ['mp3', 'm4a', 'aac', 'flac', 'wav', 'ogg', 'opus', 'webm', 'mka', 'mp4', 'ape'],
  text: ['txt', 'lrc', 'vtt', 'srt', 'ass', 'md'],
  image: ['jpg', 'jpeg', 'png', 'webp', 'gif', 'bmp'],
};

/** Subtitle extensions, in the order they are tried when matching (contract section 7). */
export const SUBTITLE_EXTENSIONS = ['lrc', 'vtt', 'srt'] as const;

/** Tag name languages as keyed in `Tag.i18n`. */
export const TAG_LANGUAGES = ['en-us', 'ja-jp', 'zh-cn'] as const;
export type TagLanguage = (typeof TAG_LANGUAGES)[number];

export const SCAN_MODES = ['incremental', 'full', 'metadata'] as const;
export type ScanMode = (typeof SCAN_MODES)[number];
/**
 * How a scan was started, as the scan's state and history say: a mode an administrator can ask for, or
 * `watch`, the library watcher's incremental scan of only the folders that changed.
 */
export const SCAN_RECORDED_MODES = [...SCAN_MODES, 'watch'] as const;
export type ScanRecordedMode = (typeof SCAN_RECORDED_MODES)[number];
/**
 * A scan's status. `abandoned`: its server stopped renewing the scan's lease (killed, or cut off from the
 * database); `interrupted` is how older versions said so. Clients should show unknown values as they come.
 */
export const SCAN_STATUSES = [
  'running',
  'finished',
  'cancelled',
  'failed',
  'abandoned',
  'interrupted',
] as const;
export type ScanStatus = (typeof SCAN_STATUSES)[number];

/** Search tokens of the form `$name:value$` (contract section 4). */
export const SEARCH_TOKEN_NAMES = [
  'tag',
  'circle',
  'va',
  'rate',
  'price',
  'sell',
  'duration',
  'age',
  'subtitle',
] as const;
export type SearchTokenName = (typeof SEARCH_TOKEN_NAMES)[number];
export const AGE_RATINGS = ['general', 'r15', 'adult'] as const;

/**
 * The fields an administrator can edit by hand (`/api/admin/works/:id/metadata`, issue 12 item 5). The
 * names are the metadata merge's field names (`vas`, `age`); `cover` is an uploaded or picked image.
 */
export const EDITABLE_FIELDS = [
  'title',
  'circle',
  'vas',
  'tags',
  'release',
  'age',
  'price',
  'series',
  'cover',
] as const;
export type EditableField = (typeof EDITABLE_FIELDS)[number];
/** The largest cover image an administrator may upload (bytes). */
export const MAX_COVER_UPLOAD_BYTES = 16 * 1024 * 1024;

/**
 * The circle of a work whose circle nobody knows (issue 12 item 8): every Work carries a circle object,
 * because kikoeru's web app throws on `circle: null` and drops the card. Its `id` 0 is no circle's id
 * (`/api/circles/0/works` lists nothing) and its empty name draws no link; `circle_id` is 0 and `name`
 * '' with it. Apps test `circle.id === 0` (or `isUnknownCircle`) to show nothing.
 */
export const UNKNOWN_CIRCLE = { id: 0, name: '' } as const;

export function isUnknownCircle(circle: { id: number; name: string }): boolean {
  return circle.id === UNKNOWN_CIRCLE.id || circle.name === '';
}

/** The metadata providers (docs/metadata.md), and with `edit` (a hand edit) every source a field can have. */
export const METADATA_PROVIDER_NAMES = [
  'workinfo',
  'dlsite',
  'asmrone',
  'kikoeru',
  'folder',
  'tags',
] as const;
export const METADATA_SOURCE_NAMES = ['edit', ...METADATA_PROVIDER_NAMES] as const;
/** How a provider's last attempt for a work ended. */
export const PROVIDER_STATUSES = ['ok', 'not_found', 'failed', 'unreadable'] as const;
/** The merged metadata fields, as the merge names them (metadata/provider-types.ts on the server). */
export const METADATA_FIELDS = [
  'title',
  'circle',
  'vas',
  'tags',
  'release',
  'price',
  'dlCount',
  'nsfw',
  'age',
  'rateAverage',
  'rateCount',
  'rateCountDetail',
  'reviewCount',
  'rank',
  'series',
  'languageEditions',
  'translationInfo',
  'originalWorkno',
  'lang',
  'sourceType',
  'sourceUrl',
  'coverUrl',
] as const;
