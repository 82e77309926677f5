/**
 * Who may call which route: the one table the auth plugin enforces (by group, never by name). A route
 * under `/api` that is missing here stops the server at start-up, so nothing is exposed by accident.
 *
 * - `public`: anyone, no token needed;
 * - `signedIn`: any valid token, the guest's included (browse, stream, read);
 * - `member`: signed in and not the guest (writes: reviews, progress, positions, feedback);
 * - `admin`: group `administrator`.
 */
export type Access = 'public' | 'signedIn' | 'member' | 'admin';

export const ROUTE_ACCESS: Readonly<Record<string, Access>> = {
  'GET /api/health': 'public',
  'GET /api/docs': 'public',
  'GET /api/version': 'signedIn',
  'GET /api/config/shared': 'public', // kikoeru's web app reads it on every load, signed in or not

  'GET /api/auth/me': 'signedIn', // the contract: 401 without a valid token when accounts are on
  'POST /api/auth/me': 'public',
  'DELETE /api/auth/me': 'public',
  'GET /api/auth/reg': 'public',
  'POST /api/auth/reg': 'public',
  'PUT /api/auth/password': 'member',
  'POST /api/auth/change-password': 'member', // asmr.one apps' form of the same change

  'GET /api/works': 'signedIn',
  'GET /api/search': 'signedIn',
  'POST /api/works': 'signedIn', // the POST forms of the two lists some apps send: reads, not writes
  'POST /api/search': 'signedIn',
  'GET /api/search/*': 'signedIn',
  'GET /api/workInfo/:id': 'signedIn',
  'GET /api/work/:id': 'signedIn',
  'GET /api/tracks/:id': 'signedIn',
  'GET /api/circles': 'signedIn',
  'GET /api/circles/:id': 'signedIn',
  'GET /api/circles/:id/works': 'signedIn',
  'GET /api/tags': 'signedIn',
  'GET /api/tags/:id': 'signedIn',
  'GET /api/tags/:id/works': 'signedIn',
  'GET /api/vas': 'signedIn',
  'GET /api/vas/:id': 'signedIn',
  'GET /api/vas/:id/works': 'signedIn',

  'GET /api/cover/:id': 'signedIn',
  'GET /api/media/stream/:workId/:fileId': 'signedIn',
  'GET /api/media/stream-lq/:workId/:fileId': 'signedIn',
  'GET /api/media/download/:workId/:fileId': 'signedIn',
  'GET /api/media/download-work/:workId': 'signedIn',
  'GET /api/media/check-lrc/:workId/:fileId': 'signedIn',
  'POST /api/media/check-lrc-v2': 'signedIn',
  'OPTIONS /api/media/stream/:workId/:fileId': 'public',
  'OPTIONS /api/media/stream-lq/:workId/:fileId': 'public',

  'GET /api/review': 'signedIn',
  'PUT /api/review': 'member',
  'DELETE /api/review': 'member',

  'GET /api/playback': 'signedIn',
  'GET /api/playback/:workId': 'signedIn',
  'PUT /api/playback/:workId': 'member',
  'DELETE /api/playback/:workId': 'member',

  'GET /api/playlist/get-playlists': 'signedIn', // the guest sees others' public playlists, owns none
  'GET /api/playlist/get-default-mark-target-playlist': 'member',
  'GET /api/playlist/get-playlist-metadata': 'signedIn',
  'GET /api/playlist/get-playlist-works': 'signedIn',
  'GET /api/playlist/get-work-exist-status-in-my-playlists': 'signedIn',
  'GET /api/playlist/get-liked-status': 'signedIn',
  'POST /api/playlist/create-playlist': 'member',
  'POST /api/playlist/edit-playlist-metadata': 'member',
  'POST /api/playlist/delete-playlist': 'member',
  'POST /api/playlist/add-works-to-playlist': 'member',
  'POST /api/playlist/remove-works-from-playlist': 'member',
  'POST /api/playlist/move-work': 'member',
  'POST /api/playlist/like-playlist': 'member',
  'POST /api/playlist/remove-like-playlist': 'member',
  'POST /api/playlist/record-play': 'member',

  'POST /api/vote/vote-work-tag': 'member', // the guest cannot vote (403); asmr.one's e-mail rule does not apply
  'POST /api/vote/attach-tags-to-work': 'member',

  'POST /api/recommender/popular': 'signedIn',
  'POST /api/recommender/recommend-for-user': 'signedIn', // the guest gets the popular works
  'POST /api/recommender/item-neighbors': 'signedIn',

  'POST /api/feedback': 'member',
  'GET /api/admin/feedback': 'admin',
  'GET /api/admin/feedback/open-count': 'admin',
  'PUT /api/admin/feedback/:id': 'admin',

  'GET /api/config/admin': 'admin',
  'PUT /api/config/admin': 'admin',
  'GET /api/credentials/users': 'admin',
  'POST /api/credentials/user': 'admin',
  'PUT /api/credentials/user': 'admin',
  'DELETE /api/credentials/user': 'admin',
  'POST /api/credentials/user/password-reset': 'admin',
  'POST /api/credentials/user/sign-out': 'admin',

  'GET /api/scan': 'admin',
  'POST /api/scan': 'admin',
  'DELETE /api/scan': 'admin',
  'GET /api/scan/events': 'admin',
  'GET /api/scan/history': 'admin',
  'GET /api/scan/history/:id': 'admin',
  'POST /api/scan/metadata': 'admin',
  'DELETE /api/scan/metadata': 'admin',
  'POST /api/admin/works/:id/refresh-metadata': 'admin',
  'POST /api/admin/works/local': 'admin',
  'PUT /api/admin/works/:id/code': 'admin',

  'GET /api/admin/works/:id/metadata': 'admin',
  'GET /api/admin/works/:id/metadata-sources': 'admin',
  'PUT /api/admin/works/:id/metadata': 'admin',
  'DELETE /api/admin/works/:id/metadata/:field': 'admin',
  'PUT /api/admin/works/:id/cover': 'admin',
};

/** The table's key for a request: HEAD rides on its GET route. */
export function accessKey(method: string, url: string): string {
  return `${method === 'HEAD' ? 'GET' : method} ${url}`;
}
