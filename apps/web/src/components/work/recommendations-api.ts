import type { Envelope } from '@sasayaki/api-contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

/** The recommender's lists (`POST /api/recommender/…`, docs/clients.md "Recommendations"). */
export type RecommendationKind = 'popular' | 'recommend-for-user' | 'item-neighbors';

/** Works one row shows: a few screens' width of tiles (the server keeps up to 100 a list). */
export const RAIL_SIZE = 20;
/** The lists are rebuilt on the server every 30 s at most: asked again at most every 5 minutes here. */
const RECOMMENDATIONS_STALE_MS = 5 * 60_000;

/**
 * One recommendation list's first `RAIL_SIZE` works, asked only while `enabled`. `extra` is the rest of
 * the body (`itemId`, `personalOnly`). Failures are not retried: a row that fails is simply not shown.
 */
export function useRecommendations(
  kind: RecommendationKind,
  extra: Record<string, unknown>,
  enabled: boolean,
) {
  return useQuery({
    queryKey: ['recommendations', kind, extra],
    queryFn: ({ signal }) =>
      api<Envelope>(`/api/recommender/${kind}`, {
        method: 'POST',
        body: { page: 1, pageSize: RAIL_SIZE, ...extra },
        signal,
      }),
    enabled,
    staleTime: RECOMMENDATIONS_STALE_MS,
    retry: false,
  });
}
