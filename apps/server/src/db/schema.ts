import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * The database as Kysely sees it. Conventions that hold on SQLite and PostgreSQL alike: booleans are
 * integers 0/1, times are ISO 8601 text (UTC, sortable), JSON is text.
 */
export interface Database {
  works: WorksTable;
  circles: CirclesTable;
  tags: TagsTable;
  vas: VasTable;
  work_tags: { work_id: number; tag_id: number };
  work_vas: { work_id: number; va_id: string; position: number };
  files: FilesTable;
  scans: ScansTable;
  users: UsersTable;
  reviews: ReviewsTable;
  settings: { key: string; value: string };
  playback_positions: PlaybackPositionsTable;
  playback_history: PlaybackHistoryTable;
  feedback: FeedbackTable;
  rate_limits: { key: string; window_start: number; count: number };
  /** Accounts imported from kikoeru-express: its user name → the Sasayaki user (import-kikoeru/). */
  kikoeru_users: { kikoeru_name: string; user_id: number };
  work_metadata: WorkMetadataTable;
  work_edits: WorkEditsTable;
  /** DLsite genre names by id: `names` is JSON `{ 'ja-jp': …, 'en-us': …, 'zh-cn': … }` (metadata/dlsite/). */
  dlsite_genres: { id: number; names: string; fetched_at: string };
  /** A work's language editions by id (in the library or not), as its merged metadata lists them. */
  work_edition_links: { work_id: number; edition_id: number; kind: Generated<string> };
  /** +1/-1 per label as works and their links change (triggers); folded into `work_count` on read. */
  label_count_changes: { id: Generated<number>; kind: string; label_id: string; delta: number };
  /** Folders whose work id is not their name's code: local works, works given a code (scanner/folder-ids.ts). */
  folder_work_ids: FolderWorkIdsTable;
  /** Each work's raw audio tag values, for the placeholder rule (metadata/audio-tags-provider.ts). */
  work_audio_tags: { work_id: number; field: string; value: string };
  /** One row: moved by every catalogue write outside a scan, so every process's cache sees it. */
  catalogue_version: { id: number; version: number; work_changes: Generated<number> };
  /** Changes to one work's card (a tag vote), numbered by `catalogue_version.work_changes` (catalogue-version.ts). */
  work_changes: { seq: number; work_id: number };
  /** Members' playlists (migration 2026-11-25-0010; services/playlist.service.ts). */
  playlists: PlaylistsTable;
  playlist_works: { playlist_id: string; work_id: number; position: number; added_at: string };
  playlist_likes: { playlist_id: string; user_id: number; created_at: string };
  /** When a listener's play of a playlist last counted (one per half hour). */
  playlist_plays: { playlist_id: string; user_id: number; counted_at: string };
  /** A member's vote on a tag of a work: 1 up, 2 down (migration 2026-11-25-0011; services/tag-vote.service.ts). */
  work_tag_votes: { user_id: number; work_id: number; tag_id: number; vote: number; updated_at: string };
  /** Tags members attached to a work, apart from the providers' `work_tags`. */
  work_tag_attachments: { work_id: number; tag_id: number; user_id: number | null; created_at: string };
}

export interface PlaylistsTable {
  id: string;
  user_id: number;
  /** 'marked' | 'liked' for the system playlists; null for a member's own. */
  system: string | null;
  name: string;
  description: string;
  /** 0 private, 1 unlisted, 2 public. */
  privacy: number;
  locale: string;
  playback_count: Generated<number>;
  works_count: Generated<number>;
  likes_count: Generated<number>;
  /** The work added last (its cover is the playlist's); null when empty. */
  latest_work_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface WorksTable {
  id: number;
  title: string;
  circle_id: number | null;
  release: string | null;
  create_date: string;
  price: number | null;
  dl_count: number | null;
  /** 1 adult, 0 all ages, null unknown. */
  nsfw: number | null;
  /** 'general' | 'r15' | 'adult' | null: the finer age rating behind `nsfw`. */
  age: string | null;
  has_subtitle: Generated<number>;
  rate_average_2dp: number | null;
  rate_count: number | null;
  /** JSON array of { review_point, count, ratio }. */
  rate_count_detail: string | null;
  review_count: number | null;
  duration: Generated<number>;
  /** Absolute library root the work was found in, and its folder relative to that root (POSIX). */
  root_dir: string;
  dir: string;
  /** base64 of the folder's relative path bytes when they are not valid UTF-8; null otherwise. */
  dir_raw: string | null;
  /** A digest of the folder's file list (names, sizes, mtimes): unchanged means nothing to re-read. */
  content_signature: string | null;
  /** Where the title came from (a ProviderName, or 'none'): kept for old readers; `field_sources` says more. */
  metadata_source: string;
  /** JSON { field: ProviderName }: which provider (or 'edit') gave each merged field (metadata/merge.ts). */
  field_sources: Generated<string>;
  /** JSON { id, name } of the series, or null. */
  series: string | null;
  /** JSON array of { workno, lang, label, display_order, edition_type?, edition_id? }, or null. */
  language_editions: string | null;
  /** JSON: DLsite's translation_info object, as is, or null. */
  translation_info: string | null;
  original_workno: string | null;
  /** The edition's own language ('JPN', 'ENG', 'CHI_HANS' …). */
  lang: string | null;
  /** 'DLSITE' | 'LOCAL' … */
  source_type: string | null;
  source_url: string | null;
  /** JSON array of DLsite's rank items, or null. */
  rank: string | null;
  /** Absolute URL of the providers' remote cover, or null. */
  cover_url: string | null;
  /** JSON array of { id, lang, title, source_id }: the editions of this work that are in the library (merge time). */
  other_editions: Generated<string>;
  /** 1 when the merged metadata says the work is a translation (metadata/edition-claims.ts). */
  is_translation: Generated<number>;
  /** The id of the original this work translates, when named (in the library or not). */
  translation_of: number | null;
  /** Cache key of the generated cover images; null for the generated placeholder. */
  cover_key: string | null;
  /** What the cover was made from (file or embedded picture, with size and mtime): unchanged means no remake. */
  cover_source: string | null;
  /** Lower-cased text the search matches plain words against (title, circle, tags, VAs, RJ code). */
  search_text: Generated<string>;
  /** 1 when the folder was not found by the last scan: hidden, user data kept. */
  missing: Generated<number>;
  /**
   * Set with `missing` when the work is hidden because its library folder is not mounted (missing, or empty
   * where works were), not because its own folder went away: the time a scan found that. Such works come
   * back, without being read again, when the folder does (repositories/work-availability.repository.ts).
   */
  unavailable_since: string | null;
  scanned_at: string;
}

/** Present works carrying the label, kept by triggers (migration 2026-11-25-0006). */
type WorkCount = Generated<number>;

export interface CirclesTable {
  id: number;
  name: string;
  work_count: WorkCount;
}

export interface TagsTable {
  id: number;
  name: string;
  /** JSON object { "en-us": { name }, "ja-jp": { name }, "zh-cn": { name } }. */
  i18n: string;
  work_count: WorkCount;
}

export interface VasTable {
  id: string;
  name: string;
  work_count: WorkCount;
}

export interface FilesTable {
  work_id: number;
  /** Stable per work: kept for a path across rescans, new paths get the next number. */
  file_id: number;
  /** Relative to the work folder, POSIX separators, as text (invalid UTF-8 replaced). */
  path: string;
  /** base64 of the relative path's bytes when not valid UTF-8; null otherwise. */
  path_raw: string | null;
  type: string;
  size: number;
  mtime_ms: number;
  duration: number | null;
  /** Bits per second. */
  bitrate: number | null;
  /** file_id of the matching subtitle (contract section 7), for audio files. */
  subtitle_file_id: number | null;
  /** Position in the work's natural order (folders first), so trees are built without sorting. */
  sort_index: number;
}

export interface ScansTable {
  id: Generated<number>;
  mode: string;
  /** 'running' | 'finished' | 'cancelled' | 'failed' | 'abandoned' ('interrupted' in older rows). */
  status: string;
  started_at: string;
  finished_at: string | null;
  /** Refreshed with the lease while running, and at the end. */
  heartbeat_at: string;
  /** Until when the owner holds the running scan; null in rows written before leases. */
  lease_expires_at: string | null;
  /** The instance id of the process running the scan (util/instance-id.ts). */
  owner: string;
  cancel_requested: number;
  /** JSON ScanCounts. */
  counts: string;
  current: string | null;
  /** JSON ScanIssue[] (capped). */
  errors: string;
}

export interface UsersTable {
  id: Generated<number>;
  name: string;
  /** The look-alike key of the name (auth/user-name.ts), unique; null for old accounts that collided. */
  name_key: string | null;
  password_hash: string;
  group: string;
  created_at: string;
  password_changed_at: string;
  /** When the user last logged in (null: never since migration 2026-11-25-0020). */
  last_login_at: string | null;
  /** "Signed out of every device" at this time: tokens issued before are refused (auth/session-version.ts). */
  tokens_valid_after: string | null;
}

export interface ReviewsTable {
  user_id: number;
  work_id: number;
  rating: number | null;
  review_text: string | null;
  progress: string | null;
  updated_at: string;
}

export interface PlaybackPositionsTable {
  user_id: number;
  work_id: number;
  file_id: number;
  position: number;
  duration: number | null;
  updated_at: string;
}

export interface PlaybackHistoryTable {
  user_id: number;
  work_id: number;
  last_file_id: number;
  last_position: number;
  last_played_at: string;
}

export interface FeedbackTable {
  id: Generated<number>;
  user_id: number | null;
  /** Kept when the user is deleted, so the inbox still says who wrote. */
  user_name: string;
  work_id: number;
  /** The file the report is about, when the listener named one. */
  file_id: number | null;
  category: string;
  details: string;
  created_at: string;
  resolved_at: string | null;
}

export interface WorkMetadataTable {
  work_id: number;
  /** A ProviderName other than 'edit'. */
  provider: string;
  /** JSON ProviderMetadata (metadata/provider-types.ts). */
  data: string;
  /** 'ok' | 'not_found' | 'failed' | 'unreadable'. */
  status: string;
  message: string | null;
  fetched_at: string;
  /** When a fetching provider asks again; null for local providers. */
  next_fetch_at: string | null;
}

export interface FolderWorkIdsTable {
  /** The work id: LOCAL_ID_BASE + n for a work without a code, else the code an administrator gave. */
  id: number;
  root_dir: string;
  dir: string;
  dir_raw: string | null;
  /** 1 when an administrator marked the folder as a work (it needs no workinfo.json then). */
  marked: number;
  created_at: string;
}

export interface WorkEditsTable {
  work_id: number;
  /** A MetadataField. */
  field: string;
  /** JSON of the field's value, in ProviderMetadata's shape. */
  value: string;
  edited_at: string;
  /** The administrator's name (kept when the account is deleted). */
  edited_by: string | null;
}

export type WorkRow = Selectable<WorksTable>;
export type NewWork = Insertable<WorksTable>;
export type WorkUpdate = Updateable<WorksTable>;
export type FileRow = Selectable<FilesTable>;
export type ScanRow = Selectable<ScansTable>;
