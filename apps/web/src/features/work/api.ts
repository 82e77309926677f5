import type { Envelope, ProgressState, Work } from '@sasayaki/api-contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { saveProgress } from '../../components/review/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { fetchTracks, fetchWork, TRACKS_STALE_MS, tracksKey, WORK_STALE_MS, workKey } from './work-request';

export { tracksKey, WORK_PAGE_COVER_SIZE, workKey } from './work-request';

/** The work as a cached list page already knows it, so the page draws at once (user fields follow). */
function fromLists(queryClient: QueryClient, sourceId: string): Work | undefined {
  for (const [, data] of queryClient.getQueriesData<Envelope>({ queryKey: ['works', 'list'] })) {
    const work = data?.works.find((candidate) => candidate.source_id === sourceId);
    if (work) return work;
  }
  return undefined;
}

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
