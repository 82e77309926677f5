import {
  type Envelope,
  formatWorkCode,
  type ProgressState,
  parseWorkId,
  type TrackNode,
  type Work,
} from '@sasayaki/api-contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../api/client';
import { saveProgress } from '../../components/review/api';
import type { CoverSize } from '../../components/work/cover-src';
import { preloadCover } from '../../components/work/preload-cover';
import { notifyError, notifySuccess } from '../../lib/notify';

/** The cover the work page's header draws (WorkHeader), which the start-up fetch preloads. */
export const WORK_PAGE_COVER_SIZE = 'main' satisfies CoverSize;

export const workKey = (id: string) => ['work', 'detail', id.toUpperCase()] as const;
export const tracksKey = (id: string) => ['work', 'tracks', id.toUpperCase()] as const;

/** The work as a cached list page already knows it, so the page draws at once (user fields follow). */
function fromLists(queryClient: QueryClient, sourceId: string): Work | undefined {
  for (const [, data] of queryClient.getQueriesData<Envelope>({ queryKey: ['works', 'list'] })) {
    const work = data?.works.find((candidate) => candidate.source_id === sourceId);
    if (work) return work;
  }
  return undefined;
}

/**
 * How long a fetched work is fresh: long enough that the page mounting just after the start-up fetch
 * (prefetchWork) does not ask again; changes made here invalidate it anyway.
 */
const WORK_STALE_MS = 10_000;

const fetchWork = (id: string, signal?: AbortSignal) =>
  api<Work>(`/api/work/${encodeURIComponent(id)}`, { signal });
const fetchTracks = (id: string, signal?: AbortSignal) =>
  api<TrackNode[]>(`/api/tracks/${encodeURIComponent(id)}`, { signal });

/** `GET /api/work/:id`: the work with the user's rating, progress and review. */
export function useWork(id: string, sourceId: string) {
  const queryClient = useQueryClient();
  return useQuery<Work>({
    queryKey: workKey(id),
    queryFn: ({ signal }) => fetchWork(id, signal),
    placeholderData: () => fromLists(queryClient, sourceId),
    staleTime: WORK_STALE_MS,
  });
}

/**
 * Asks for a work page's work and files at start-up (main.tsx), beside the session and the screen's
 * chunk, instead of once the chunk has run. `raw` is the address's id, as WorkPage reads it. A first
 * visit signs in as the guest while this runs: a 401 is asked again once the session is settled.
 */
export function prefetchWork(client: QueryClient, raw: string, session: Promise<unknown>): void {
  const numeric = parseWorkId(raw);
  if (numeric === null) return;
  const id = formatWorkCode(numeric);
  const retried =
    <T>(fetcher: (id: string, signal?: AbortSignal) => Promise<T>) =>
    ({ signal }: { signal: AbortSignal }) =>
      fetcher(id, signal).catch(async (error: unknown) => {
        if (!(error instanceof ApiError) || error.status !== 401) throw error;
        await session;
        return fetcher(id, signal);
      });
  client.fetchQuery({ queryKey: workKey(id), queryFn: retried(fetchWork), staleTime: WORK_STALE_MS }).then(
    // The cover is the page's largest paint: fetched now rather than once the page rendered its <img>.
    (work) => preloadCover(work, WORK_PAGE_COVER_SIZE),
    // A failed start-up fetch is the page's own query's to show and retry.
    () => undefined,
  );
  void client.prefetchQuery({
    queryKey: tracksKey(id),
    queryFn: retried(fetchTracks),
    staleTime: TRACKS_STALE_MS,
  });
}

const TRACKS_STALE_MS = 5 * 60_000;

/** `GET /api/tracks/:id`: the file tree. */
export function useTracks(id: string) {
  return useQuery({
    queryKey: tracksKey(id),
    queryFn: ({ signal }) => fetchTracks(id, signal),
    staleTime: TRACKS_STALE_MS,
  });
}

/** The progress dropdown: `PUT /api/review?starOnly=false&progressOnly=true`, then the server's notice. */
export function useSetProgress(id: string, workId: number, userName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (progress: ProgressState) => saveProgress(userName, workId, progress),
    onMutate: (progress) => {
      const previous = queryClient.getQueryData<Work>(workKey(id));
      if (previous) queryClient.setQueryData<Work>(workKey(id), { ...previous, progress });
      return previous;
    },
    onSuccess: ({ message }) => notifySuccess(message),
    onError: (error, _progress, previous) => {
      if (previous) queryClient.setQueryData(workKey(id), previous);
      notifyError(error);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: workKey(id) });
      void queryClient.invalidateQueries({ queryKey: ['favourites'] });
    },
  });
}
