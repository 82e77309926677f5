import type { Envelope, Label } from '@sasayaki/api-contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { labelPath, type SortOption, sourcePath, type WorksSource } from './list-state';

export interface WorksListParams {
  page: number;
  sort: SortOption;
  seed: number;
  subtitle: boolean;
}

export const worksListKey = (source: WorksSource, params: WorksListParams) =>
  [
    'works',
    'list',
    source,
    {
      page: params.page,
      order: params.sort.order,
      sort: params.sort.sort,
      seed: params.sort.order === 'random' ? params.seed : undefined,
      subtitle: params.subtitle,
    },
  ] as const;

export function fetchWorks(
  source: WorksSource,
  params: WorksListParams,
  signal?: AbortSignal,
): Promise<Envelope> {
  return api<Envelope>(sourcePath(source), {
    signal,
    query: {
      page: params.page,
      order: params.sort.order,
      sort: params.sort.sort,
      seed: params.sort.order === 'random' ? params.seed : undefined,
      subtitle: params.subtitle ? 1 : 0,
    },
  });
}

/** One page of works; the previous page stays on screen while the next loads, and Back finds it cached. */
export function useWorksList(source: WorksSource, params: WorksListParams) {
  return useQuery({
    queryKey: worksListKey(source, params),
    queryFn: ({ signal }) => fetchWorks(source, params, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
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
