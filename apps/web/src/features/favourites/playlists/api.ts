import type {
  Playlist,
  PlaylistFilter,
  PlaylistLikeStatus,
  PlaylistPrivacy,
  PlaylistsEnvelope,
  PlaylistWorksEnvelope,
} from '@sasayaki/api-contract';
import { MAX_PAGE_SIZE } from '@sasayaki/api-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { notifyError } from '../../../lib/notify';

/** The playlists of the folder view (asmr.one's `/api/playlist/…`; docs/clients.md "Playlists"). */
export const PLAYLISTS_KEY = ['playlists'] as const;

export function usePlaylists(filter: PlaylistFilter) {
  return useQuery({
    queryKey: [...PLAYLISTS_KEY, 'list', filter],
    queryFn: ({ signal }) =>
      api<PlaylistsEnvelope>('/api/playlist/get-playlists', {
        query: { filterBy: filter, pageSize: MAX_PAGE_SIZE },
        signal,
      }),
  });
}

export function usePlaylistWorks(id: string | null) {
  return useQuery({
    queryKey: [...PLAYLISTS_KEY, 'works', id],
    queryFn: ({ signal }) =>
      api<PlaylistWorksEnvelope>('/api/playlist/get-playlist-works', {
        query: { id, pageSize: MAX_PAGE_SIZE },
        signal,
      }),
    enabled: id !== null,
  });
}

export interface PlaylistFields {
  name: string;
  description: string;
  privacy: PlaylistPrivacy;
}

const post = <T>(path: string, body: unknown) => api<T>(`/api/playlist/${path}`, { method: 'POST', body });

/** Every playlist write, each reloading the playlists and their works afterwards. */
export function usePlaylistWrites() {
  const client = useQueryClient();
  const options = {
    onSuccess: () => client.invalidateQueries({ queryKey: PLAYLISTS_KEY }),
    onError: (error: unknown) => notifyError(error),
  };
  return {
    create: useMutation({
      mutationFn: (fields: PlaylistFields) => post<Playlist>('create-playlist', fields),
      ...options,
    }),
    edit: useMutation({
      mutationFn: ({ id, ...data }: PlaylistFields & { id: string }) =>
        post<Playlist>('edit-playlist-metadata', { id, data }),
      ...options,
    }),
    remove: useMutation({
      mutationFn: (id: string) => post<{ id: string }>('delete-playlist', { id }),
      ...options,
    }),
    removeWork: useMutation({
      mutationFn: ({ id, work }: { id: string; work: number }) =>
        post<Playlist>('remove-works-from-playlist', { id, works: [work] }),
      ...options,
    }),
    move: useMutation({
      mutationFn: ({ id, work, after }: { id: string; work: number; after: number | null }) =>
        post<Playlist>('move-work', { id, work, after }),
      ...options,
    }),
    like: useMutation({
      mutationFn: ({ id, liked }: { id: string; liked: boolean }) =>
        post<PlaylistLikeStatus>(liked ? 'like-playlist' : 'remove-like-playlist', { id }),
      ...options,
    }),
  };
}
