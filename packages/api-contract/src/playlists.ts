import { z } from 'zod';
import { MAX_PAGE_SIZE } from './constants.js';
import {
  PLAYLIST_DESCRIPTION_MAX,
  PLAYLIST_FILTERS,
  PLAYLIST_NAME_MAX,
  PLAYLIST_WORKS_PER_REQUEST,
} from './playlist-constants.js';
import { parseWorkId } from './rj-code.js';
import { Work } from './schemas.js';

/**
 * `/api/playlist/…`: the shapes asmr.one's apps send and parse (reference section 7), plus Sasayaki's
 * own `move-work`, `record-play` and `filterBy=public`.
 */

const pageInt = (max: number) =>
  z
    .string()
    .regex(/^\d+$/, { message: 'must be a positive integer' })
    .transform(Number)
    .pipe(z.number().int().min(1).max(max));

/** A playlist id: a UUID; apps send it as a string (one sends a number). Unknown ids are 404, not 400. */
export const PlaylistIdValue = z
  .union([z.string().max(100), z.number().int()])
  .transform(String)
  .describe('The playlist id (a UUID)');

/** A work in a playlist request: its id as a number, a numeric string or its code (`RJ01234567`). */
export const PlaylistWorkRef = z.union([z.number().int(), z.string().max(32)]).transform((value, ctx) => {
  const id = parseWorkId(String(value));
  if (id === null) {
    ctx.addIssue({ code: 'custom', message: 'must be a work id or code such as RJ123456', input: value });
    return z.NEVER;
  }
  return id;
});

export const PlaylistPrivacyValue = z
  .number()
  .int()
  .refine((value) => value === 0 || value === 1 || value === 2, {
    message: 'must be 0 (private), 1 (unlisted) or 2 (public)',
  })
  .describe('0 private, 1 unlisted (anyone with the id), 2 public');

const name = z
  .string()
  .trim()
  .min(1, { message: 'must not be empty' })
  .max(PLAYLIST_NAME_MAX, { message: `must be at most ${PLAYLIST_NAME_MAX} characters` });
const description = z
  .string()
  .max(PLAYLIST_DESCRIPTION_MAX, { message: `must be at most ${PLAYLIST_DESCRIPTION_MAX} characters` });
const locale = z.string().max(16);

export const Playlist = z
  .object({
    id: z.string(),
    user_name: z.string(),
    privacy: z.number().int(),
    locale: z.string(),
    playback_count: z.number().int().describe('Times a listener started the whole playlist (record-play)'),
    name: z.string().describe('__SYS_PLAYLIST_MARKED and __SYS_PLAYLIST_LIKED name the system playlists'),
    description: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
    works_count: z.number().int(),
    latestWorkID: z.number().int().nullable().describe('The work added last: its cover is the playlist’s'),
    mainCoverUrl: z.string().describe("The latest work's cover; '' for an empty playlist"),
    likes_count: z.number().int().describe('Members who liked it (Sasayaki)'),
    exist: z
      .boolean()
      .optional()
      .describe('get-work-exist-status-in-my-playlists: whether the work is in it'),
  })
  .meta({ id: 'Playlist' });
export type Playlist = z.infer<typeof Playlist>;

/** asmr.one pages playlists with `page`; kikoeru readers look for `currentPage`: both are sent. */
export const PlaylistPagination = z.object({
  page: z.number().int(),
  currentPage: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
});
export const PlaylistsEnvelope = z.object({ playlists: z.array(Playlist), pagination: PlaylistPagination });
export type PlaylistsEnvelope = z.infer<typeof PlaylistsEnvelope>;
export const PlaylistWorksEnvelope = z.object({ works: z.array(Work), pagination: PlaylistPagination });
export type PlaylistWorksEnvelope = z.infer<typeof PlaylistWorksEnvelope>;
export const PlaylistMetadata = Playlist.extend({ works: z.null() });
export const PlaylistLikeStatus = z.object({ id: z.string(), liked: z.boolean() });
export type PlaylistLikeStatus = z.infer<typeof PlaylistLikeStatus>;
export const PlaylistDeleted = z.object({ id: z.string(), message: z.string() });

const pageQuery = {
  page: pageInt(1_000_000).optional(),
  pageSize: pageInt(MAX_PAGE_SIZE).optional(),
};

export const PlaylistsQuery = z.object({
  ...pageQuery,
  filterBy: z
    .enum(PLAYLIST_FILTERS)
    .optional()
    .describe(
      "all (default): the user's own, then those they liked; public: other members' public playlists",
    ),
});
export const PlaylistIdQuery = z.object({ id: z.string().max(100) });
export const PlaylistWorksQuery = PlaylistIdQuery.extend(pageQuery);
/** The apps name the work `workID`, `workId` or `id`; `version=2` is accepted and changes nothing. */
export const WorkExistStatusQuery = z.object({
  ...pageQuery,
  workID: z.string().max(32).optional(),
  workId: z.string().max(32).optional(),
  id: z.string().max(32).optional(),
  version: z.string().max(8).optional(),
});

export const CreatePlaylistBody = z.object({
  name,
  privacy: PlaylistPrivacyValue.default(0),
  locale: locale.optional(),
  description: description.optional(),
  works: z.array(PlaylistWorkRef).max(PLAYLIST_WORKS_PER_REQUEST).optional(),
});
export const EditPlaylistBody = z.object({
  id: PlaylistIdValue,
  data: z.object({
    name: name.optional(),
    privacy: PlaylistPrivacyValue.optional(),
    description: description.optional(),
    locale: locale.optional(),
  }),
});
export const PlaylistIdBody = z.object({ id: PlaylistIdValue });
export const PlaylistWorksBody = z.object({
  id: PlaylistIdValue,
  works: z.array(PlaylistWorkRef).min(1).max(PLAYLIST_WORKS_PER_REQUEST),
});
export const MoveWorkBody = z.object({
  id: PlaylistIdValue,
  work: PlaylistWorkRef,
  after: PlaylistWorkRef.nullable().describe('The work it goes right after; null: first'),
});
export type CreatePlaylistBody = z.infer<typeof CreatePlaylistBody>;
export type EditPlaylistBody = z.infer<typeof EditPlaylistBody>;
