import type { TestServer } from './test-context.js';

export const ADMIN = { name: 'admin', password: 'admin-password' };

/** Settings for a server with accounts on and a known administrator password (registration as configured). */
export const ACCOUNTS = {
  SASAYAKI_AUTH: 'true',
  SASAYAKI_ADMIN_PASSWORD: ADMIN.password,
};

/**
 * The same with registration open by the environment: fixed, the Settings route cannot close it (409). A
 * test that switches registration starts from `ACCOUNTS` with `{ file: { registration: true } }`.
 */
export const ACCOUNTS_ON = { ...ACCOUNTS, SASAYAKI_REGISTRATION: 'true' };

export async function login(server: TestServer, name: string, password: string): Promise<string> {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/auth/me',
    payload: { name, password },
  });
  if (response.statusCode !== 200) throw new Error(`login ${name}: ${response.statusCode} ${response.body}`);
  return response.json().token;
}

export async function register(server: TestServer, name: string, password = 'password1'): Promise<string> {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/auth/reg',
    payload: { name, password },
  });
  if (response.statusCode !== 201)
    throw new Error(`register ${name}: ${response.statusCode} ${response.body}`);
  return response.json().token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Limits count in one-minute windows of the clock: a test that started near a window's end would see its
 * counts reset halfway. It waits for the next window instead.
 */
export async function awayFromAMinuteEdge(needMs = 15_000): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
