import { type Envelope, PAGE_SIZE } from '@sasayaki/api-contract';
import { ApiError, api } from '../../api/client';
import { preloadCover } from '../../components/work/preload-cover';
import { useEditionFolding } from '../../lib/edition-folding';
import { type StartUpRead, startUpRead } from '../../lib/start-up-read';
import {
  COVER_SIZE_OF,
  pageFromParams,
  type SortOption,
  sourceFromParams,
  sourcePath,
  subtitleFromParams,
  translatedFromParams,
  useListPreferences,
  type WorksSource,
} from './list-state';

/**
 * The works list's request, without React or the query library: the app's entry asks for the first
 * screen's works with it before the app's code has arrived (app/start-up-reads.ts); api.ts's hooks
 * use it too.
 */

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

export const LIST_STALE_MS = 60_000;

/**
 * Asks for the works of a `/works` URL at start-up (app/start-up-reads.ts), beside the session and the
 * screen's chunk, so the first screen renders with its works instead of asking only once its chunk has
 * run. A first visit signs in as the guest while this runs: a 401 is asked again once the session is
 * settled. The first card's cover, the page's largest paint, is fetched as soon as the works are known.
 */
export function startWorksListRead(search: string, session: Promise<unknown>): StartUpRead {
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
  const works = fetchWorks(source, list).catch(async (error: unknown) => {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    await session;
    return fetchWorks(source, list);
  });
  void works.then(
    (envelope) => {
      const first = envelope.works[0];
      if (first) preloadCover(first, COVER_SIZE_OF[useListPreferences.getState().displayMode]);
    },
    // A failed start-up fetch is the page's own query's to show and retry.
    () => undefined,
  );
  return startUpRead(worksListKey(source, list), LIST_STALE_MS, works);
}
