import { useSession } from '../../features/auth/session';

/**
 * The signed-in user (the review payload carries the user's name: spec section 6), from the one session
 * query, so a failed session is not asked again by each review dialog that mounts.
 */
export function useSessionUser() {
  return useSession().data?.user ?? null;
}
