import type { ErrorBody } from '@sasayaki/api-contract';
import { readString, STORAGE_KEYS } from '../lib/storage';
import { noteRateLimit, parseRetryAfter, waitForRateLimit } from './rate-limit';

/** A failed API call: the server's `{ error }` when it answered, else the network failure. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly statusText: string,
    readonly serverMessage: string | null,
    /** Seconds the server asked to wait (`Retry-After` of a 429), else null. */
    readonly retryAfter: number | null = null,
    /** The fields a 400 names (`errors[]` of the contract's error body), for forms to show beside each field. */
    readonly fieldErrors: NonNullable<ErrorBody['errors']> = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** True when no response came back at all (offline, server down, CORS, timeout). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }

  /** True for the server's 429: too many requests, wait `retryAfter` seconds. */
  get isRateLimited(): boolean {
    return this.status === 429;
  }
}

export function getToken(): string | null {
  return readString(STORAGE_KEYS.token);
}

export type Query = Record<string, string | number | boolean | undefined | null>;

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS';
  query?: Query;
  /** Sent as JSON; a Blob (an image upload) is sent as it is, with its own type. */
  body?: unknown;
  signal?: AbortSignal;
  /** Milliseconds before the request is abandoned as a network failure. */
  timeout?: number;
  /** The request outlives the page (a position saved on page hide or unload), like `sendBeacon`. */
  keepalive?: boolean;
}

/**
 * Every call to the API goes through here: the bearer token, JSON in and out, and errors as `ApiError`
 * with the spec's message order (server error text, else 'status statusText', else the failure message).
 * Reads share the server's 429 (rate-limit.ts): after one, reads wait out its `Retry-After` before they
 * go. Writes do not: their 429 is a budget of their own (failed logins), answered by their form.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const isRead = (options.method ?? 'GET') === 'GET';
  if (isRead) await waitForRateLimit(options.signal);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const raw = options.body instanceof Blob;
  if (options.body !== undefined)
    headers['Content-Type'] = raw ? (options.body as Blob).type : 'application/json';
  const signals = [options.signal, options.timeout ? AbortSignal.timeout(options.timeout) : undefined].filter(
    (signal): signal is AbortSignal => signal !== undefined,
  );
  let response: Response;
  try {
    response = await fetch(withQuery(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body:
        options.body === undefined ? undefined : raw ? (options.body as Blob) : JSON.stringify(options.body),
      signal: signals.length > 1 ? AbortSignal.any(signals) : signals[0],
      keepalive: options.keepalive,
    });
  } catch (error) {
    throw new ApiError((error as Error).message || 'Network Error', 0, '', null);
  }
  if (!response.ok) {
    let serverMessage: string | null = null;
    let fieldErrors: NonNullable<ErrorBody['errors']> = [];
    try {
      const body = (await response.json()) as Partial<ErrorBody>;
      serverMessage = body.error ?? null;
      fieldErrors = Array.isArray(body.errors) ? body.errors : [];
    } catch {
      // Not JSON: the status line speaks for itself.
    }
    const message = serverMessage ?? `${response.status} ${response.statusText}`.trim();
    const retryAfter = response.status === 429 ? parseRetryAfter(response.headers.get('retry-after')) : null;
    if (retryAfter !== null && isRead) noteRateLimit(retryAfter);
    throw new ApiError(message, response.status, response.statusText, serverMessage, retryAfter, fieldErrors);
  }
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? await response.json() : await response.text()) as T;
}

/** A media or cover URL that `<audio>`/`<img>` can load: they cannot send headers, so the token rides along. */
export function mediaUrl(path: string): string {
  const token = getToken();
  return token ? withQuery(path, { token }) : path;
}
