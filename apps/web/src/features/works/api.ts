import type { Label } from '@sasayaki/api-contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { fetchWorks, LIST_STALE_MS, type WorksListParams, worksListKey } from './list-request';
import { labelPath, type WorksSource } from './list-state';

/** One page of works; the previous page stays on screen while the next loads, and Back finds it cached. */
export function useWorksList(source: WorksSource, params: WorksListParams) {
  return useQuery({
    queryKey: worksListKey(source, params),
    queryFn: ({ signal }) => fetchWorks(source, params, signal),
    placeholderData: keepPreviousData,
    staleTime: LIST_STALE_MS,
    gcTime: 15 * 60_000,
  });
}

/** The circle, tag or VA a list is filtered by, for its title. */
export function useLabel(source: WorksSource) {
  return useQuery({
    queryKey: ['labels', source.kind, 'id' in source ? source.id : null],
    queryFn: ({ signal }) =>
      api<Label>(labelPath(source as Extract<WorksSource, { id: string }>), { signal }),
    enabled: 'id' in source,
    staleTime: 10 * 60_000,
  });
}
