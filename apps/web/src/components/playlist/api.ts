import type { PlaylistsEnvelope } from '@sasayaki/api-contract';
import { MAX_PAGE_SIZE } from '@sasayaki/api-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { notifyError } from '../../lib/notify';

/** Every playlist query starts with this key, so a write anywhere refreshes all of them. */
export const PLAYLISTS_KEY = ['playlists'] as const;

/** The member's playlists, each with `exist` for `workId`; asked only while `enabled` (a menu is open). */
export function usePlaylistsWithWork(workId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...PLAYLISTS_KEY, 'with-work', workId],
    queryFn: ({ signal }) =>
      api<PlaylistsEnvelope>('/api/playlist/get-work-exist-status-in-my-playlists', {
        query: { workID: workId, pageSize: MAX_PAGE_SIZE },
        signal,
      }),
    enabled,
  });
}

/** Adds the work to a playlist that lacks it, removes it from one that has it. */
export function useTogglePlaylistWork(workId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, exist }: { id: string; exist: boolean }) =>
      api(`/api/playlist/${exist ? 'remove-works-from-playlist' : 'add-works-to-playlist'}`, {
        method: 'POST',
        body: { id, works: [workId] },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: PLAYLISTS_KEY }),
    onError: (error) => notifyError(error),
  });
}
