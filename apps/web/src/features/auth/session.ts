import type { AuthMe, Session as Issued } from '@sasayaki/api-contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../api/client';
import { readString, STORAGE_KEYS, writeString } from '../../lib/storage';

export type Session = AuthMe;

export const SESSION_QUERY_KEY = ['auth', 'me'] as const;
/** How long a fetched session is trusted before it is asked again. */
export const SESSION_STALE_MS = 5 * 60_000;
export const GUEST = { name: 'guest', password: 'guest' } as const;

function saveToken(token: string | null): void {
  writeString(STORAGE_KEYS.token, token);
}

export async function login(name: string, password: string): Promise<Issued> {
  const issued = await api<Issued>('/api/auth/me', { method: 'POST', body: { name, password } });
  saveToken(issued.token);
  return issued;
}

export async function register(name: string, password: string): Promise<Issued> {
  const issued = await api<Issued>('/api/auth/reg', { method: 'POST', body: { name, password } });
  saveToken(issued.token);
  return issued;
}

/** Logout clears the token (and the server's cookie). */
export async function logout(): Promise<void> {
  saveToken(null);
  await api('/api/auth/me', { method: 'DELETE' }).catch(() => undefined);
}

function isFirstLaunch(): boolean {
  return readString(STORAGE_KEYS.firstLaunch) !== 'false';
}

/**
 * Who is signed in. First-launch visitors are signed in as the guest automatically (spec section 4); a
 * 401 otherwise means "go to /login" and surfaces as an ApiError with status 401.
 */
export async function fetchSession(): Promise<Session> {
  try {
    const session = await api<Session>('/api/auth/me');
    writeString(STORAGE_KEYS.firstLaunch, 'false');
    return session;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401 || !isFirstLaunch()) throw error;
    writeString(STORAGE_KEYS.firstLaunch, 'false');
    try {
      await login(GUEST.name, GUEST.password);
    } catch {
      throw error;
    }
    return api<Session>('/api/auth/me');
  }
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

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
