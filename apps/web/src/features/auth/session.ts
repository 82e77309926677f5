import { useQuery } from '@tanstack/react-query';
import { fetchSession, SESSION_QUERY_KEY, SESSION_STALE_MS } from './session-requests';

export * from './session-requests';

/**
 * The session as every screen reads it (one query, shared). A failed session is not asked again by each
 * component that mounts: a new fetch puts it back to pending, RequireSession's spinner unmounts the page,
 * its components mount again and ask again, a loop of requests as fast as the server answers 429 or 500.
 * It is asked again when the rate limit ends or the server is back (RateLimitNotice, NetworkGate).
 */
export function useSession() {
  return useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: fetchSession,
    staleTime: SESSION_STALE_MS,
    retryOnMount: false,
  });
}
