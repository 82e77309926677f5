import { type Envelope, type Label, PAGE_SIZE } from '@sasayaki/api-contract';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../api/client';
import { preloadCover } from '../../components/work/preload-cover';
import { useEditionFolding } from '../../lib/edition-folding';
import {
  COVER_SIZE_OF,
  labelPath,
  pageFromParams,
  type SortOption,
  sourceFromParams,
  sourcePath,
  subtitleFromParams,
  translatedFromParams,
  useListPreferences,
  type WorksSource,
} from './list-state';

export interface WorksListParams {
  page: number;
  sort: SortOption;
  seed: number;
  subtitle: boolean;
  /** Only translations (`translated=1`). */
  translated: boolean;
  /** One card per work: translations folded into their original's card (settings, lib/edition-folding.ts). */
  foldEditions: boolean;
  pageSize: number;
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
      translated: params.translated,
      foldEditions: params.foldEditions,
      pageSize: params.pageSize,
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
      // Sent only when on, so the usual request (and its cache entries) stays as it was.
      translated: params.translated ? 1 : undefined,
      includeTranslationWorks: params.foldEditions ? 'false' : undefined,
      // The default is left out, so the usual request (and its cache entries) stays as it was.
      pageSize: params.pageSize === PAGE_SIZE ? undefined : params.pageSize,
    },
  });
}

const LIST_STALE_MS = 60_000;

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

/**
 * Asks for the works of a `/works` URL at start-up (main.tsx), beside the session and the screen's
 * chunk, so the first screen renders with its works instead of asking only once its chunk has run. A
 * first visit signs in as the guest while this runs: a 401 is asked again once the session is settled.
 */
export function prefetchWorksList(client: QueryClient, search: string, session: Promise<unknown>): void {
  const params = new URLSearchParams(search);
  const source = sourceFromParams(params);
  const { sort, seed, pageSize } = useListPreferences.getState();
  const list = {
    page: pageFromParams(params),
    sort,
    seed,
    subtitle: subtitleFromParams(params),
    translated: translatedFromParams(params),
    foldEditions: useEditionFolding.getState().fold,
    pageSize,
  };
  client
    .fetchQuery({
      queryKey: worksListKey(source, list),
      queryFn: ({ signal }) =>
        fetchWorks(source, list, signal).catch(async (error: unknown) => {
          if (!(error instanceof ApiError) || error.status !== 401) throw error;
          await session;
          return fetchWorks(source, list, signal);
        }),
      staleTime: LIST_STALE_MS,
    })
    .then(
      // The first card's cover is the page's largest paint: fetched now rather than once the page rendered.
      (envelope) => {
        const first = envelope.works[0];
        if (first) preloadCover(first, COVER_SIZE_OF[useListPreferences.getState().displayMode]);
      },
      // A failed start-up fetch is the page's own query's to show and retry.
      () => undefined,
    );
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
