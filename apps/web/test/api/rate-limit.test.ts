import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../src/api/client';
import {
  DEFAULT_RETRY_AFTER_S,
  parseRetryAfter,
  rateLimitedUntil,
  resetRateLimit,
} from '../../src/api/rate-limit';
import { retryDelay, shouldRetry } from '../../src/app/query-client';

const limited = (retryAfter = '20') =>
  new Response(JSON.stringify({ error: 'Too many requests' }), {
    status: 429,
    statusText: 'Too Many Requests',
    headers: { 'content-type': 'application/json', 'retry-after': retryAfter },
  });
const ok = () =>
  new Response(JSON.stringify({ ok: true }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

describe('Retry-After', () => {
  it('reads seconds and HTTP dates, bounded, with a default', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('42', now)).toBe(42);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('0', now)).toBe(1);
    expect(parseRetryAfter('999999', now)).toBe(600);
    expect(parseRetryAfter(null, now)).toBe(DEFAULT_RETRY_AFTER_S);
    expect(parseRetryAfter('soon', now)).toBe(DEFAULT_RETRY_AFTER_S);
  });
});

describe('reads after a 429', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetRateLimit();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    resetRateLimit();
  });

  it('wait for Retry-After instead of reaching the server meanwhile', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(limited('20'))
      .mockImplementation(async () => ok());
    vi.stubGlobal('fetch', fetchMock);
    const first = await api('/api/works').catch((error: unknown) => error);
    expect(first).toBeInstanceOf(ApiError);
    expect((first as ApiError).isRateLimited).toBe(true);
    expect((first as ApiError).retryAfter).toBe(20);
    expect(rateLimitedUntil()).toBe(Date.now() + 20_000);

    const later = api('/api/version');
    const another = api('/api/works');
    await vi.advanceTimersByTimeAsync(19_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(later).resolves.toEqual({ ok: true });
    await expect(another).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('do not hold writes, whose 429 is their own (failed logins)', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(limited('60'))
      .mockImplementation(async () => ok());
    vi.stubGlobal('fetch', fetchMock);
    await expect(api('/api/auth/me', { method: 'POST', body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(rateLimitedUntil()).toBe(0);
    await expect(api('/api/works')).resolves.toEqual({ ok: true });
  });

  it('a query retries a 429 once, after Retry-After; a 5xx twice, backing off', async () => {
    const fetchMock = vi.fn(async () => limited('10'));
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient({ defaultOptions: { queries: { retry: shouldRetry, retryDelay } } });
    const query = client
      .fetchQuery({ queryKey: ['works'], queryFn: () => api('/api/works') })
      .catch(() => 'failed');
    await vi.advanceTimersByTimeAsync(60_000);
    await expect(query).resolves.toBe('failed');
    expect(fetchMock).toHaveBeenCalledTimes(2);

    resetRateLimit();
    const times: number[] = [];
    const failing = vi.fn(async () => {
      times.push(Date.now());
      return new Response('{}', { status: 502, statusText: 'Bad Gateway' });
    });
    vi.stubGlobal('fetch', failing);
    const broken = client
      .fetchQuery({ queryKey: ['five'], queryFn: () => api('/api/works') })
      .catch(() => 'failed');
    await vi.advanceTimersByTimeAsync(60_000);
    await expect(broken).resolves.toBe('failed');
    expect(failing).toHaveBeenCalledTimes(3);
    const [first = 0, second = 0, third = 0] = times;
    expect(third - second).toBeGreaterThan(second - first);
  });
});
