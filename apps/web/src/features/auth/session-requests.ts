/**
 * The session's requests (sign-in, sign-out, who is signed in) without React or the query library: the
 * app's entry asks for the session with them before the app's code has arrived (app/start-up-reads.ts).
 */
import type { AuthMe, Session as Issued } from '@sasayaki/api-contract';
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
