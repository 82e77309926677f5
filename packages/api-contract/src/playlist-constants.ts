/**
 * Playlists as asmr.one's apps know them (issue 13; docs/clients.md "Playlists"). Values only, so the web
 * app can import them without zod.
 */

/**
 * `privacy`: apps disagree on the numbers (one reads 0 private and 2 public, another the reverse); both
 * documented readings are served by taking 0 = private (the owner only), 1 = unlisted (anyone signed in
 * with the id), 2 = public (also listed under `filterBy=public`).
 */
export const PLAYLIST_PRIVACY = Object.freeze({ private: 0, unlisted: 1, public: 2 });
export type PlaylistPrivacy = (typeof PLAYLIST_PRIVACY)[keyof typeof PLAYLIST_PRIVACY];

/** The names of every user's two system playlists, as the apps recognise them. */
export const SYSTEM_PLAYLIST_NAMES = Object.freeze({
  marked: '__SYS_PLAYLIST_MARKED',
  liked: '__SYS_PLAYLIST_LIKED',
});
export type SystemPlaylistKind = keyof typeof SYSTEM_PLAYLIST_NAMES;

export const PLAYLIST_NAME_MAX = 100;
export const PLAYLIST_DESCRIPTION_MAX = 2000;
/** Works one request may add or remove (asmr.one's playlist endpoints also cap pages at 100). */
export const PLAYLIST_WORKS_PER_REQUEST = 500;
export const PLAYLIST_FILTERS = ['all', 'owned', 'liked', 'public'] as const;
export type PlaylistFilter = (typeof PLAYLIST_FILTERS)[number];
