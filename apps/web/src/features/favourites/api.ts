import {
  type HistoryEnvelope,
  MAX_PAGE_SIZE,
  PAGE_SIZE,
  type ProgressState,
  type ReviewEnvelope,
  type ReviewedWork,
} from '@sasayaki/api-contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { ListQuery } from './route';

export const FAVOURITES_KEY = ['favourites'] as const;

export interface FavouritesQuery extends ListQuery {
  filter: ProgressState | null;
}

/** `GET /api/review`: the works the user rated, reviewed or marked (contract section 5). */
export function fetchFavourites(query: FavouritesQuery, signal?: AbortSignal): Promise<ReviewEnvelope> {
  return api<ReviewEnvelope>('/api/review', {
    query: { page: query.page, order: query.order, sort: query.sort, filter: query.filter },
    signal,
  });
}

export function useFavourites(query: FavouritesQuery, enabled = true) {
  return useQuery({
    queryKey: [...FAVOURITES_KEY, 'list', query],
    queryFn: ({ signal }) => fetchFavourites(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Every favourite, page by page at the largest page size (for the folder view's groups). */
export async function fetchAllFavourites(signal?: AbortSignal): Promise<ReviewedWork[]> {
  const works: ReviewedWork[] = [];
  for (let page = 1; page <= 100; page += 1) {
    const envelope = await api<ReviewEnvelope>('/api/review', {
      query: { page, pageSize: MAX_PAGE_SIZE, order: 'updated_at', sort: 'desc' },
      signal,
    });
    works.push(...envelope.works);
    if (envelope.works.length === 0 || works.length >= envelope.pagination.totalCount) break;
  }
  return works;
}

export function useAllFavourites(enabled = true) {
  return useQuery({
    queryKey: [...FAVOURITES_KEY, 'all'],
    queryFn: ({ signal }) => fetchAllFavourites(signal),
    enabled,
  });
}

/** `GET /api/playback`: the works the user listened to, newest first, with where they stopped. */
export function fetchHistory(page: number, signal?: AbortSignal): Promise<HistoryEnvelope> {
  return api<HistoryEnvelope>('/api/playback', { query: { page, pageSize: PAGE_SIZE }, signal });
}

export function useHistory(page: number, enabled = true) {
  return useQuery({
    queryKey: [...FAVOURITES_KEY, 'history', page],
    queryFn: ({ signal }) => fetchHistory(page, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** After any edit: every favourites list reloads. */
export function useRefreshFavourites() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: FAVOURITES_KEY });
}
