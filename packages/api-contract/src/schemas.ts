import { z } from 'zod';
import {
  AGE_RATINGS,
  COVER_TYPES,
  EDITABLE_FIELDS,
  FEEDBACK_CATEGORIES,
  MAX_ID,
  MAX_PAGE_SIZE,
  METADATA_FIELDS,
  METADATA_PROVIDER_NAMES,
  METADATA_SOURCE_NAMES,
  PROGRESS_STATES,
  PROVIDER_STATUSES,
  REVIEW_ORDERS,
  SCAN_MODES,
  SCAN_RECORDED_MODES,
  SCAN_STATUSES,
  SORT_DIRECTIONS,
  TAG_LANGUAGES,
  UNKNOWN_CIRCLE,
  USER_GROUPS,
  WORK_ORDERS,
} from './constants.js';
import { parseWorkId } from './rj-code.js';

/** An integer in a query string, parsed strictly: `abc`, `0`, `1.5` and `-1` are errors. */
const strictInt = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, { message: 'must be a positive integer' })
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(min, { message: `must be at least ${min}` })
        .max(max, { message: `must be at most ${max}` }),
    );

export const ErrorBody = z.object({
  error: z.string(),
  errors: z
    .array(
      z.object({ param: z.string(), location: z.string(), msg: z.string(), value: z.unknown().optional() }),
    )
    .optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const MessageBody = z.object({ message: z.string() });

export const TagI18n = z.partialRecord(z.enum(TAG_LANGUAGES), z.object({ name: z.string() }));
export const Tag = z.object({
  id: z.number().int(),
  name: z.string(),
  i18n: TagI18n,
  /** Members' up votes on this tag of this work (tag-votes.ts); on every work's tags. */
  upvote: z.number().int().optional(),
  /** Members' down votes on this tag of this work. */
  downvote: z.number().int().optional(),
  /** The caller's own vote (0 none, 1 up, 2 down): on `GET /api/work/:id` for a signed-in caller. */
  myVote: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
});
export type Tag = z.infer<typeof Tag>;
export const Circle = z.object({ id: z.number().int(), name: z.string() });
export const Va = z.object({ id: z.string(), name: z.string() });

export const LanguageEdition = z.object({
  workno: z.string(),
  lang: z.string(),
  label: z.string(),
  display_order: z.number().int(),
  edition_type: z.string().optional(),
  edition_id: z.number().int().optional(),
});
export const EditionInLibrary = z.object({
  id: z.number().int(),
  lang: z.string().nullable(),
  title: z.string(),
  source_id: z.string(),
  /** false when the metadata says this edition is a translation. */
  is_original: z.boolean(),
  source_type: z.string(),
});

export const RatingDetail = z.object({
  review_point: z.number().int(),
  count: z.number().int(),
  ratio: z.number().int(),
});

export const Work = z.object({
  id: z.number().int(),
  source_id: z.string(),
  title: z.string(),
  circle_id: z
    .number()
    .int()
    .nullable()
    .describe('0 when no provider knows the circle (never null since issue 12; nullable for old readers)'),
  name: z.string().nullable().describe("The circle's name; '' when unknown"),
  // kikoeru's web app throws on `circle: null` and drops the card, so an unknown circle is an object too.
  circle: Circle.describe(
    `Always an object, never null: ${JSON.stringify(UNKNOWN_CIRCLE)} (UNKNOWN_CIRCLE) when no provider knows the circle`,
  ),
  vas: z.array(Va),
  tags: z.array(Tag),
  release: z.string().nullable(),
  create_date: z.string(),
  price: z.number().nullable(),
  dl_count: z.number().nullable(),
  nsfw: z.boolean().describe('true for adult works; false when all-ages, R-15 or unknown (never null)'),
  has_subtitle: z.boolean(),
  rate_average_2dp: z.number().nullable(),
  rate_count: z.number().nullable(),
  rate_count_detail: z.array(RatingDetail),
  review_count: z.number().nullable(),
  duration: z.number(),
  userRating: z.number().nullable(),
  progress: z.enum(PROGRESS_STATES).nullable(),
  review_text: z.string().nullable(),
  mainCoverUrl: z.string(),
  samCoverUrl: z.string(),
  thumbnailCoverUrl: z.string(),
  // Issue 12 (asmr.one's extra work fields; docs/metadata.md): filled by the metadata providers' merge.
  /** DLsite's age rating; null when unknown. */
  age_category_string: z.enum(AGE_RATINGS).nullable(),
  /** The work's series (DLsite's `title_id`/`title_name`), or null. */
  series: z.object({ id: z.string().nullable(), name: z.string() }).nullable(),
  /** The language editions DLsite (or a sidecar) lists for the work, the work itself included; [] unknown. */
  language_editions: z.array(LanguageEdition),
  /** The editions of this work that are in this library (both ways: the original lists its translations). */
  other_language_editions_in_db: z.array(EditionInLibrary),
  /** DLsite's `translation_info` object as it gives it; {} when unknown. */
  translation_info: z.record(z.string(), z.unknown()),
  /** The code of the original this work translates, or null. */
  original_workno: z.string().nullable(),
  /** The edition's own language as DLsite writes it ('JPN', 'ENG', 'CHI_HANS' …), or null. */
  lang: z.string().nullable(),
  /** Where the metadata says the work is sold: 'DLSITE' for a coded work unless a provider says else, 'LOCAL' for a work without a code. */
  source_type: z.string(),
  /** The work's page at its source, or null. */
  source_url: z.string().nullable(),
  /**
   * Asked with `withPlaylistStatus[]=<playlist id>` (lists, search, recommender): whether each named
   * playlist holds the work. A playlist the caller may not see answers false.
   */
  playlistStatus: z.record(z.string(), z.boolean()).optional(),
});
export type Work = z.infer<typeof Work>;

export const Pagination = z.object({
  currentPage: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
});
export const Envelope = z.object({ works: z.array(Work), pagination: Pagination });
export type Envelope = z.infer<typeof Envelope>;

export const TrackFile = z.object({
  type: z.enum(['audio', 'text', 'image', 'other']),
  title: z.string(),
  hash: z.string(),
  workTitle: z.string(),
  /** The file's work as asmr.one's apps read it from each node (`/api/tracks/:id?v=1|2`). */
  work: z.object({ id: z.number().int(), source_id: z.string(), source_type: z.string() }).optional(),
  size: z.number(),
  mediaStreamUrl: z.string(),
  mediaDownloadUrl: z.string(),
  duration: z.number().optional(),
  streamLowQualityUrl: z.string().optional(),
});
export type TrackFile = z.infer<typeof TrackFile>;
export type TrackFolder = { type: 'folder'; title: string; children: TrackNode[] };
export type TrackNode = TrackFolder | TrackFile;
export const TrackNode: z.ZodType<TrackNode> = z.lazy(() =>
  z.union([
    z.object({ type: z.literal('folder'), title: z.string(), children: z.array(TrackNode) }),
    TrackFile,
  ]),
);

export const Label = z.object({
  id: z.union([z.number().int(), z.string()]),
  name: z.string(),
  i18n: TagI18n.optional(),
});
export const LabelWithCount = Label.extend({ count: z.number().int() });
export type LabelWithCount = z.infer<typeof LabelWithCount>;

// ---- query strings ----

/** Playlist ids in a query string: one value, or the array a repeated parameter gives. */
const PlaylistStatusIds = z
  .union([z.string().max(64), z.array(z.string().max(64)).max(100)])
  .transform((value) => (Array.isArray(value) ? value : [value]));

export const WorksQuery = z.object({
  page: strictInt(1, 1_000_000).optional(),
  pageSize: strictInt(1, MAX_PAGE_SIZE).optional(),
  order: z.enum(WORK_ORDERS).optional(),
  sort: z.enum(SORT_DIRECTIONS).optional(),
  seed: strictInt(0, 99).optional(),
  subtitle: z.enum(['0', '1']).optional(),
  /** `1`: only works whose metadata says they are translations (`translation_info`, `original_workno`). */
  translated: z
    .enum(['0', '1'])
    .optional()
    .describe('1: only translations (the metadata names an original or says is_translation/is_child)'),
  /** asmr.one's flag: `false` folds each translation whose original is in the library into the original's card. */
  includeTranslationWorks: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .describe(
      "false (or 0): a translation whose original is in the library is left out; the original's other_language_editions_in_db lists it. Default true",
    ),
  /** asmr.one's form, repeatable: `withPlaylistStatus[]=<id>&withPlaylistStatus[]=<id>` (each work's `playlistStatus`). */
  'withPlaylistStatus[]': PlaylistStatusIds.optional().describe(
    'Playlist ids (repeatable): each work answers playlistStatus { <id>: true|false }',
  ),
  /** The same without brackets, as some HTTP clients repeat an array parameter. */
  withPlaylistStatus: PlaylistStatusIds.optional(),
});
export type WorksQuery = z.infer<typeof WorksQuery>;

export const ReviewsQuery = z.object({
  page: strictInt(1, 1_000_000).optional(),
  pageSize: strictInt(1, MAX_PAGE_SIZE).optional(),
  order: z.enum(REVIEW_ORDERS).optional(),
  sort: z.enum(SORT_DIRECTIONS).optional(),
  filter: z.enum(PROGRESS_STATES).optional(),
});

export const CoverQuery = z.object({ type: z.enum(COVER_TYPES).optional(), token: z.string().optional() });
export const ZipQuery = z.object({ path: z.string().max(4096).optional(), token: z.string().optional() });

export const VersionBody = z.object({
  version: z.string(),
  update_available: z.boolean(),
  notifyUser: z.boolean(),
  lockFileExists: z.boolean(),
  lockReason: z.string().nullable(),
});

export const CheckLrcBody = z.object({
  result: z.boolean(),
  message: z.string(),
  /** The subtitle to fetch from `/api/media/stream/<hash>`: `<work>/<file>.lrc` offers a VTT or SRT file as LRC. */
  hash: z.string(),
  lyricExtension: z.string(),
  /** When `hash` is the LRC form: the subtitle file as it is (Sasayaki's web app reads VTT and SRT itself). */
  original: z.object({ hash: z.string(), lyricExtension: z.string() }).optional(),
});

// ---- accounts, reviews, feedback (shared with the accounts issue) ----

export const User = z.object({ name: z.string(), group: z.enum(USER_GROUPS) });
export type User = z.infer<typeof User>;
export const AuthMe = z.object({ user: User.nullable(), auth: z.boolean(), reg: z.boolean() });

export const ReviewBody = z.object({
  user_name: z.string().optional(),
  work_id: z.number().int().positive().max(MAX_ID),
  /** Half steps from 0.5 to 5; null (or 0, which some clients send for an emptied control) clears it. */
  rating: z.number().min(0).max(5).multipleOf(0.5).nullable().optional(),
  review_text: z.string().max(10_000).nullable().optional(),
  progress: z.enum(PROGRESS_STATES).nullable().optional(),
});

export const ReviewModeQuery = z.object({
  starOnly: z.enum(['true', 'false']).optional(),
  progressOnly: z.enum(['true', 'false']).optional(),
});
export const WorkIdQuery = z.object({
  work_id: z
    .string()
    .regex(/^\d{1,9}$/, { message: 'must be a work id' })
    .transform(Number),
});

export const PlaybackPosition = z.object({
  fileId: z.number().int().min(0).max(MAX_ID),
  position: z.number().min(0).max(1e7),
  duration: z.number().min(0).max(1e7).nullable().optional(),
});
export const PlaybackState = z.object({
  lastFileId: z.number().int().nullable(),
  files: z.record(
    z.string(),
    z.object({ position: z.number(), duration: z.number().nullable(), updatedAt: z.string() }),
  ),
});
export const HistoryWork = Work.extend({
  lastFileId: z.number().int(),
  /** The last played file's name, so the history can say which track resumes; null once it is gone. */
  lastFileTitle: z.string().nullable(),
  lastPosition: z.number(),
  lastPlayedAt: z.string(),
});
export const HistoryEnvelope = z.object({ works: z.array(HistoryWork), pagination: Pagination });
export const ReviewedWork = Work.extend({ updated_at: z.string() });
export const ReviewEnvelope = z.object({ works: z.array(ReviewedWork), pagination: Pagination });

export const FeedbackBody = z.object({
  work_id: z.number().int().positive().max(MAX_ID),
  category: z.enum(FEEDBACK_CATEGORIES),
  details: z.string().trim().min(1).max(5000),
});

// ---- scans ----

// ---- accounts (contract section 3) ----

const MIN_LENGTH = 5;
export const Credentials = z.object({
  name: z
    .string()
    .min(MIN_LENGTH, { message: 'Username length must be at least 5 characters' })
    .max(64, { message: 'Username must be at most 64 characters' })
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
    .regex(/^[^\u0000-\u001f\u007f]*$/, { message: 'Username must not contain control characters' }),
  password: z
    .string()
    .min(MIN_LENGTH, { message: 'Password length must be at least 5 characters' })
    .max(1024, { message: 'Password must be at most 1024 characters' }),
});
/**
 * The name of a new account: also no invisible or direction-changing characters (zero-width spaces, bidi
 * overrides, C1 controls…), which make one name look like another, nor lone surrogates. Logins keep `Credentials`, so an
 * account made before this rule can still sign in.
 */
export const NewUserName = Credentials.shape.name.regex(
  /^[^\p{Cc}\p{Cf}\p{Cs}\p{Default_Ignorable_Code_Point}\p{Zl}\p{Zp}]*$/u,
  {
    message: 'Username must not contain invisible, direction-changing or invalid characters',
  },
);
export const Registration = Credentials.extend({ name: NewUserName });
export const Session = z.object({ token: z.string(), user: User });
export const RegFlag = z.object({ reg: z.boolean() });
export const PasswordChange = z.object({
  oldPassword: z.string().min(1).max(1024),
  newPassword: Credentials.shape.password,
});

export const FeedbackItem = z.object({
  id: z.number().int(),
  user_name: z.string(),
  work_id: z.number().int(),
  category: z.enum(FEEDBACK_CATEGORIES),
  details: z.string(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
});
export const FeedbackInbox = z.object({ feedback: z.array(FeedbackItem), pagination: Pagination });
export const FeedbackUpdate = z.object({ resolved: z.boolean() });
export const PageQuery = z.object({
  page: strictInt(1, 1_000_000).optional(),
  pageSize: strictInt(1, MAX_PAGE_SIZE).optional(),
});

export const AdminUser = z.object({ name: z.string(), group: z.enum(USER_GROUPS), created_at: z.string() });
export const UserCreate = z.object({
  name: NewUserName,
  password: Credentials.shape.password,
  group: z.enum(USER_GROUPS).default('user'),
});
export const UserUpdate = z.object({
  name: z.string().min(1).max(64),
  group: z.enum(USER_GROUPS).optional(),
  password: Credentials.shape.password.optional(),
});
export const UserDelete = z.object({
  users: z
    .array(z.object({ name: z.string().min(1).max(64) }))
    .min(1)
    .max(1000),
});
export const AdminSettings = z.object({
  registration: z.boolean(),
  guest: z.boolean(),
  dlsiteFetch: z
    .boolean()
    .describe('Whether the metadata fetch job asks DLsite (off on the demo library until switched on)'),
});

export const ScanStart = z.object({ mode: z.enum(SCAN_MODES).default('incremental') });
export const ScanCounts = z.object({
  found: z.number().int(),
  added: z.number().int(),
  updated: z.number().int(),
  removed: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  unchanged: z
    .number()
    .int()
    .describe('Works found whose files had not changed since the last scan (an incremental scan skips them)'),
});
export type ScanCounts = z.infer<typeof ScanCounts>;
export const ScanIssue = z.object({
  path: z.string(),
  message: z.string(),
  level: z.enum(['warn', 'error']).optional(),
});
export type ScanIssue = z.infer<typeof ScanIssue>;
/** The metadata fetch job (DLsite): its current or last run, counted in works (docs/metadata.md). */
export const MetadataFetchProgress = z.object({
  /** Whether the job may run (the provider is configured and the administrator's switch is on). */
  enabled: z.boolean(),
  running: z.boolean(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  done: z.number().int(),
  fetched: z.number().int(),
  notFound: z.number().int(),
  failed: z.number().int(),
  /** Works still to ask now (never asked, or due again). */
  waiting: z.number().int(),
  current: z.string().nullable(),
});
export type MetadataFetchProgress = z.infer<typeof MetadataFetchProgress>;
export const MetadataRefreshResult = z.object({
  id: z.number().int(),
  source_id: z.string(),
  status: z.enum(['ok', 'not_found', 'failed', 'unreadable']),
  message: z.string().nullable(),
});
/** A library folder whose works are hidden because it is not mounted (missing, or empty where works were). */
export const UnavailableRoot = z.object({
  path: z.string(),
  works: z.number().int().describe('Works of this folder hidden until it is back'),
  since: z.string().describe('When a scan first found it not mounted'),
});
export type UnavailableRoot = z.infer<typeof UnavailableRoot>;
export const ScanState = z.object({
  id: z.number().int().nullable(),
  mode: z.enum(SCAN_RECORDED_MODES).nullable(),
  running: z.boolean(),
  // A string, not an enum, so that a status added later reaches older clients instead of failing them.
  status: z
    .string()
    .nullable()
    .describe(`One of ${SCAN_STATUSES.join(', ')}; null before the first scan`),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  counts: ScanCounts,
  current: z.string().nullable(),
  errors: z.array(ScanIssue),
  /** The metadata fetch job that follows scans; absent from servers before it. */
  metadata: MetadataFetchProgress.optional(),
  /** Library folders not mounted, whose works are hidden; absent from servers before it. */
  unavailableRoots: z.array(UnavailableRoot).optional(),
});
export type ScanState = z.infer<typeof ScanState>;

// ---- path parameters ----

/** A work id in a path: `123456`, `01234567`, `RJ123456`, `RJ01234567` (any case). */
export const WorkIdParam = z.string().transform((value, ctx) => {
  const id = parseWorkId(value);
  if (id === null) {
    ctx.addIssue({ code: 'custom', message: 'must be a work id such as RJ123456', input: value });
    return z.NEVER;
  }
  return id;
});

/** A non-negative integer id in a path (circle, tag, feedback), within the database's integer columns. */
export const IntIdParam = z
  .string()
  .regex(/^\d{1,10}$/, { message: 'must be a non-negative integer' })
  .transform(Number)
  .pipe(z.number().max(MAX_ID, { message: `must be at most ${MAX_ID}` }));

export const UuidParam = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, {
  message: 'must be a UUID',
});

// ---- inferred types, for the web app and other clients ----

export type AuthMe = z.infer<typeof AuthMe>;
export type Session = z.infer<typeof Session>;
export type Label = z.infer<typeof Label>;
export type VersionBody = z.infer<typeof VersionBody>;
export type CheckLrcBody = z.infer<typeof CheckLrcBody>;
export type ReviewedWork = z.infer<typeof ReviewedWork>;
export type ReviewEnvelope = z.infer<typeof ReviewEnvelope>;
export type HistoryWork = z.infer<typeof HistoryWork>;
export type HistoryEnvelope = z.infer<typeof HistoryEnvelope>;
export type PlaybackState = z.infer<typeof PlaybackState>;
export type FeedbackItem = z.infer<typeof FeedbackItem>;
export type FeedbackInbox = z.infer<typeof FeedbackInbox>;
export type AdminSettings = z.infer<typeof AdminSettings>;
export type AdminUser = z.infer<typeof AdminUser>;

// ---- hand edits of a work's metadata (administrators; issue 12 item 5) ----

const editText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { message: 'must not be empty' })
    .max(max, { message: `must be at most ${max} characters` });

/** A calendar date `YYYY-MM-DD` that exists (no 2024-02-30). */
export const IsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date YYYY-MM-DD' })
  .refine(
    (value) => {
      // Checks run on after a failed pattern too: a value like `2024/01/01` is no date at all.
      const time = Date.parse(`${value}T00:00:00Z`);
      return Number.isFinite(time) && new Date(time).toISOString().startsWith(value);
    },
    { message: 'must be a date that exists' },
  );

export const EditCircle = z.object({ id: z.number().int().nullable(), name: z.string() });
export const EditVa = z.object({ id: z.string().nullable(), name: z.string() });
export const EditTag = z.object({ id: z.number().int().nullable(), name: z.string(), i18n: TagI18n });
export const EditSeries = z.object({ id: z.string().nullable(), name: z.string() });

/** One field of the edit dialog: what the work shows, where that came from, and every alternative. */
const fieldView = <T extends z.ZodType>(value: T) =>
  z.object({
    value: value.nullable().describe('The value the work shows; null when no source knows it'),
    source: z
      .string()
      .nullable()
      .describe(
        "Where the value comes from: 'edit' or a provider (workinfo, dlsite, asmrone, kikoeru, folder, tags)",
      ),
    providers: z
      .array(z.object({ provider: z.string(), value }))
      .describe(
        'What each provider that knows the field says, in the configured order: the value a revert gives is the first',
      ),
    edit: z
      .object({ value, edited_at: z.string(), edited_by: z.string().nullable() })
      .nullable()
      .describe('The hand edit, when there is one: it wins over every provider'),
  });

export const CoverEdit = z.object({
  kind: z.enum(['upload', 'file']),
  fileId: z.number().int().nullable().describe("The work's image file the cover was made from ('file')"),
  edited_at: z.string(),
  edited_by: z.string().nullable(),
});

export const WorkMetadataView = z
  .object({
    id: z.number().int(),
    source_id: z.string(),
    fields: z.object({
      title: fieldView(z.string()),
      circle: fieldView(EditCircle),
      vas: fieldView(z.array(EditVa)),
      tags: fieldView(z.array(EditTag)),
      release: fieldView(z.string()),
      age: fieldView(z.enum(AGE_RATINGS)),
      price: fieldView(z.number()),
      series: fieldView(EditSeries),
    }),
    cover: z.object({
      edit: CoverEdit.nullable().describe(
        'The hand-chosen cover; null when the scanner or a provider chose it',
      ),
      images: z
        .array(z.object({ fileId: z.number().int(), path: z.string() }))
        .describe("The work's image files, any of which can be picked as the cover"),
    }),
  })
  // One component in the OpenAPI document, referenced by the four routes that answer it.
  .meta({ id: 'WorkMetadataView' });
export type WorkMetadataView = z.infer<typeof WorkMetadataView>;

/** A tag that does not exist yet: its name in each of the three languages. */
export const NewTagNames = z.object({
  'ja-jp': editText(200),
  'en-us': editText(200),
  'zh-cn': editText(200),
});

/** `PUT /api/admin/works/:id/metadata`: any subset of the fields; each one given becomes a hand edit. */
export const WorkMetadataEdit = z
  .object({
    title: editText(500).optional(),
    circle: editText(200).optional().describe('A circle name: an existing circle of that name, or a new one'),
    vas: z
      .array(editText(200))
      .max(50)
      .optional()
      .describe('Voice actor names, each an existing voice actor of that name or a new one'),
    tags: z
      .array(
        z.union([
          z.number().int().min(0).max(MAX_ID).describe('An existing tag id'),
          z.object({ names: NewTagNames }).strict().describe('A new tag'),
        ]),
      )
      .max(100)
      .optional(),
    release: IsoDate.optional(),
    age: z.enum(AGE_RATINGS).optional(),
    price: z
      .number()
      .int({ message: 'must be a non-negative integer' })
      .min(0, { message: 'must be a non-negative integer' })
      .max(MAX_ID)
      .optional(),
    series: editText(300).optional(),
    cover: z
      .object({ fileId: z.number().int().min(0).max(MAX_ID) })
      .strict()
      .optional()
      .describe('Make the cover from this image file of the work (upload one with PUT .../cover)'),
  })
  .strict()
  .refine((edit) => Object.keys(edit).length > 0, { message: 'must change at least one field' });
export type WorkMetadataEdit = z.infer<typeof WorkMetadataEdit>;
export type NewTagNames = z.infer<typeof NewTagNames>;

export const EditableFieldParam = z.enum(EDITABLE_FIELDS);

// ---- works without a code, new codes (docs/metadata.md, "Works without a code") ----

export const LocalWorkBody = z.object({
  path: z
    .string()
    .min(1)
    .max(4096)
    .describe("The folder's absolute path, inside a library folder, at most scan.maxDepth folders below it"),
});

export const WorkCodeBody = z.object({
  code: z.string().max(32).describe('RJ, BJ or VJ and 6 or 8 digits, e.g. RJ123456'),
});

/** A work's id and code after it was marked or given a code (the old id answers 404 from then on). */
export const WorkCodeAnswer = z.object({ id: z.number().int(), source_id: z.string() });
export type WorkCodeAnswer = z.infer<typeof WorkCodeAnswer>;

/**
 * Where a work's metadata comes from, for administrators (`GET /api/admin/works/:id/metadata-sources`,
 * issue 12 item 1; docs/metadata.md "Field sources"): the source of each merged field and each
 * provider's last answer for the work.
 */
export const WorkMetadataSources = z.object({
  id: z.number().int(),
  source_id: z.string(),
  /** The providers that are on, in the order their values win (hand edits always first). */
  order: z.array(z.enum(METADATA_PROVIDER_NAMES)),
  fields: z
    .partialRecord(z.enum(METADATA_FIELDS), z.enum(METADATA_SOURCE_NAMES))
    .describe(
      "Each merged field's source: 'edit' (a hand edit) or a provider; a field no source knows is absent",
    ),
  providers: z.array(
    z.object({
      provider: z.enum(METADATA_PROVIDER_NAMES),
      status: z.enum(PROVIDER_STATUSES),
      message: z.string().nullable(),
      fetched_at: z.string(),
      next_fetch_at: z.string().nullable(),
    }),
  ),
});
export type WorkMetadataSources = z.infer<typeof WorkMetadataSources>;
