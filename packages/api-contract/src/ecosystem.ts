import { z } from 'zod';
import { MAX_PAGE_SIZE, SORT_DIRECTIONS, USER_GROUPS, WORK_ORDERS } from './constants.js';
import { Credentials, type WorksQuery } from './schemas.js';

/**
 * Shapes the apps of the kikoeru and asmr.one ecosystem send and parse beyond the kikoeru 0.6.2 API
 * (issue 13; docs/clients.md).
 */

/** `GET /api/config/shared`: the settings kikoeru's web app reads on every load. */
export const SharedConfigBody = z.object({
  sharedConfig: z.object({
    rewindSeekTime: z.number().describe('Seconds the rewind button jumps back'),
    forwardSeekTime: z.number().describe('Seconds the forward button jumps ahead'),
  }),
});
export type SharedConfigBody = z.infer<typeof SharedConfigBody>;

/** The login and registration answers' `user` as asmr.one's apps read it (reference section 2). */
export const AppUser = z.object({
  loggedIn: z.boolean(),
  name: z.string(),
  group: z.enum(USER_GROUPS),
  /** Sasayaki keeps no e-mail addresses: always null. */
  email: z.string().nullable(),
  /** A stable id of the account for the recommender calls' `recommenderUuid` (the token decides anyway). */
  recommenderUuid: z.string(),
});
export const AppSession = z.object({ token: z.string(), user: AppUser });
export type AppSession = z.infer<typeof AppSession>;

/** `POST /api/auth/change-password`: no app showed its keys; both spellings are taken. */
export const AppPasswordChange = z
  .object({
    oldPassword: z.string().min(1).max(1024).optional(),
    newPassword: Credentials.shape.password.optional(),
    old_password: z.string().min(1).max(1024).optional(),
    new_password: Credentials.shape.password.optional(),
  })
  .transform((body, ctx) => {
    const oldPassword = body.oldPassword ?? body.old_password;
    const newPassword = body.newPassword ?? body.new_password;
    if (oldPassword === undefined || newPassword === undefined) {
      ctx.addIssue({ code: 'custom', message: 'oldPassword and newPassword are required' });
      return z.NEVER;
    }
    return { oldPassword, newPassword };
  });

const bodyInt = (min: number, max: number) => z.number().int().min(min).max(max);

/**
 * The POST forms of `/api/works` and `/api/search`: the list's query parameters in a JSON body, with the
 * apps' types (integers, booleans); read as the same query.
 */
export const WorksBody = z
  .object({
    keyword: z.string().max(1000).optional(),
    page: bodyInt(1, 1_000_000).optional(),
    pageSize: bodyInt(1, MAX_PAGE_SIZE).optional(),
    order: z.enum(WORK_ORDERS).optional(),
    sort: z.enum(SORT_DIRECTIONS).optional(),
    seed: bodyInt(0, 99).optional(),
    subtitle: z.union([z.literal(0), z.literal(1), z.boolean()]).optional(),
    includeTranslationWorks: z.boolean().optional(),
    /** Playlist ids: each work answers `playlistStatus: { <id>: true|false }`. */
    withPlaylistStatus: z.array(z.string().max(64)).max(100).optional(),
    /** The apps' list of works they hold subtitles for locally: accepted and not used. */
    localSubtitledWorks: z.array(z.unknown()).max(10_000).optional(),
  })
  .transform((body): WorksQuery & { keyword?: string } => ({
    ...(body.keyword !== undefined && { keyword: body.keyword }),
    ...(body.page !== undefined && { page: body.page }),
    ...(body.pageSize !== undefined && { pageSize: body.pageSize }),
    ...(body.order !== undefined && { order: body.order }),
    ...(body.sort !== undefined && { sort: body.sort }),
    ...(body.seed !== undefined && { seed: body.seed }),
    ...(body.subtitle !== undefined && {
      subtitle: body.subtitle === 1 || body.subtitle === true ? '1' : '0',
    }),
    ...(body.includeTranslationWorks !== undefined && {
      includeTranslationWorks: body.includeTranslationWorks ? 'true' : 'false',
    }),
    ...(body.withPlaylistStatus !== undefined && { withPlaylistStatus: body.withPlaylistStatus }),
  }));
