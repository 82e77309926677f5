import { useQuery } from '@tanstack/react-query';
import { fetchSession, SESSION_QUERY_KEY } from '../../features/auth/session';

/** The signed-in user (the review payload carries the user's name: spec section 6). */
export function useSessionUser() {
  const { data } = useQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchSession, staleTime: 60_000 });
  return data?.user ?? null;
}
