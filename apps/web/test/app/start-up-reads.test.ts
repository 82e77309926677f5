import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rateLimitedUntil, resetRateLimit } from '../../src/api/rate-limit';
import { startUpReads } from '../../src/app/start-up-reads';
import { SESSION_QUERY_KEY } from '../../src/features/auth/session-requests';
import { tracksKey, workKey } from '../../src/features/work/work-request';
import { adoptStartUpReads } from '../../src/lib/start-up-read';
import { makeWork } from '../works/fixtures';

/**
 * The entry (main.tsx) asks for the first screen's data itself, before the app's code has arrived
 * (issue 14's phone budget): the requests go out at once, and the app's query cache adopts them
 * instead of asking again.
 */

const work = makeWork(123456);
const session = { user: { name: 'guest', group: 'guest', loggedIn: true }, auth: true, reg: false };

function serve(): ReturnType<typeof vi.fn> {
  const fetch = vi.fn(async (url: string) => {
    const path = new URL(url, 'http://localhost').pathname;
    const body =
      path === '/api/auth/me'
        ? session
        : path === '/api/works'
          ? { works: [work], pagination: { currentPage: 1, pageSize: 12, totalCount: 1 } }
          : path.startsWith('/api/tracks/')
            ? []
            : work;
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const paths = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').pathname);

afterEach(() => {
  resetRateLimit();
  for (const link of document.head.querySelectorAll('link[rel="preload"]')) link.remove();
  vi.unstubAllGlobals();
});

describe('the start-up reads', () => {
  it('ask for the session, the work and its files at once on a work page, and the cache adopts them', async () => {
    const fetch = serve();
    const reads = startUpReads({ pathname: '/work/RJ123456', search: '' });
    await vi.waitFor(() =>
      expect(paths(fetch)).toEqual(['/api/auth/me', '/api/work/RJ123456', '/api/tracks/RJ123456']),
    );

    const client = new QueryClient();
    adoptStartUpReads(client, reads);
    await vi.waitFor(() => expect(client.getQueryData(workKey('RJ123456'))).toEqual(work));
    expect(client.getQueryData(tracksKey('RJ123456'))).toEqual([]);
    expect(client.getQueryData(SESSION_QUERY_KEY)).toEqual(session);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('ask for the works of the list on /works and on /, and for nothing on the login page', async () => {
    const fetch = serve();
    startUpReads({ pathname: '/works', search: '?page=2' });
    startUpReads({ pathname: '/', search: '' });
    expect(startUpReads({ pathname: '/login', search: '' })).toEqual([]);
    await vi.waitFor(() =>
      expect(paths(fetch)).toEqual(['/api/auth/me', '/api/works', '/api/auth/me', '/api/works']),
    );
    expect(new URL(String(fetch.mock.calls[1]?.[0]), 'http://localhost').searchParams.get('page')).toBe('2');
  });

  it('leave a failure to the query that adopts it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"error":"No such work"}', { status: 404 })),
    );
    const client = new QueryClient();
    adoptStartUpReads(client, startUpReads({ pathname: '/work/RJ123456', search: '' }));
    await vi.waitFor(() => expect(client.getQueryState(workKey('RJ123456'))?.status).toBe('error'));
    expect(client.getQueryState(workKey('RJ123456'))?.error).toMatchObject({ status: 404 });
  });

  it('hand a 429 to the app as any later read meets it: its status, Retry-After and the shared pause', async () => {
    // Issue 14: the guest over their limit on the first load. The queries that adopt these reads must see
    // what RateLimitNotice and the retry policy look for, not a network failure.
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('{"error":"Too many requests"}', { status: 429, headers: { 'Retry-After': '30' } }),
      ),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const before = Date.now();
    adoptStartUpReads(client, startUpReads({ pathname: '/works', search: '' }));
    await vi.waitFor(() => expect(client.getQueryState(SESSION_QUERY_KEY)?.status).toBe('error'));
    expect(client.getQueryState(SESSION_QUERY_KEY)?.error).toMatchObject({
      status: 429,
      retryAfter: 30,
      isRateLimited: true,
      isNetworkError: false,
    });
    expect(rateLimitedUntil()).toBeGreaterThanOrEqual(before + 30_000);
  });
});
