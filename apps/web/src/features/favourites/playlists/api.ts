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
import { PLAYLISTS_KEY } from '../../../components/playlist/api';
import { notifyError } from '../../../lib/notify';
import { reorder } from '../../../lib/use-drag-reorder';

/** The folder view's playlists (asmr.one's `/api/playlist/…`; docs/clients.md "Playlists"). */
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

/** One playlist by its id (the link `/playlists/:id`): the owner's, or another member's unlisted or public one. */
export function usePlaylist(id: string) {
  return useQuery({
    queryKey: [...PLAYLISTS_KEY, 'one', id],
    queryFn: ({ signal }) => api<Playlist>('/api/playlist/get-playlist-metadata', { query: { id }, signal }),
  });
}

/** Whether the user liked someone else's playlist; asked only for others' playlists. */
export function usePlaylistLiked(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...PLAYLISTS_KEY, 'liked', id],
    queryFn: ({ signal }) =>
      api<PlaylistLikeStatus>('/api/playlist/get-liked-status', { query: { id }, signal }),
    enabled,
  });
}

const worksKey = (id: string | null) => [...PLAYLISTS_KEY, 'works', id];

export function usePlaylistWorks(id: string | null) {
  return useQuery({
    queryKey: worksKey(id),
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

/** A drag or an up/down press: the row at `from` goes to `to`, i.e. right after `after` (null: first). */
export interface PlaylistMove {
  id: string;
  work: number;
  after: number | null;
  from: number;
  to: number;
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
    // The row moves at once (a drag must not snap back while the server answers); a failure reloads.
    move: useMutation({
      mutationFn: ({ id, work, after }: PlaylistMove) => post<Playlist>('move-work', { id, work, after }),
      onMutate: async ({ id, from, to }: PlaylistMove) => {
        // An earlier move's reload must not land after this one and put the row back.
        await client.cancelQueries({ queryKey: worksKey(id) });
        client.setQueryData<PlaylistWorksEnvelope>(worksKey(id), (data) =>
          data ? { ...data, works: reorder(data.works, from, to) } : data,
        );
      },
      ...options,
      onError: (error: unknown) => {
        notifyError(error);
        void client.invalidateQueries({ queryKey: PLAYLISTS_KEY });
      },
    }),
    like: useMutation({
      mutationFn: ({ id, liked }: { id: string; liked: boolean }) =>
        post<PlaylistLikeStatus>(liked ? 'like-playlist' : 'remove-like-playlist', { id }),
      ...options,
    }),
  };
}
