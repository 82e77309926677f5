import { PLAYLIST_PRIVACY, type Playlist, SYSTEM_PLAYLIST_NAMES } from '@sasayaki/api-contract';
import type { TFunction } from 'i18next';

const SYSTEM_KEYS: Record<string, string> = {
  [SYSTEM_PLAYLIST_NAMES.marked]: 'favourites.playlists.system.marked',
  [SYSTEM_PLAYLIST_NAMES.liked]: 'favourites.playlists.system.liked',
};

export const isSystemPlaylist = (playlist: Playlist) => playlist.name in SYSTEM_KEYS;

/** The name to show: the system playlists' names are the apps' markers, shown translated. */
export function playlistName(playlist: Playlist, t: TFunction): string {
  const key = SYSTEM_KEYS[playlist.name];
  return key ? t(key) : playlist.name;
}

export function privacyKey(privacy: number): string {
  const entry = Object.entries(PLAYLIST_PRIVACY).find(([, value]) => value === privacy);
  return `favourites.playlists.privacy.${entry?.[0] ?? 'private'}`;
}
