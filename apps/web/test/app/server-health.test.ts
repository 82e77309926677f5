import { afterEach, describe, expect, it, vi } from 'vitest';
import { rateLimitedUntil, resetRateLimit } from '../../src/api/rate-limit';
import { serverAnswers } from '../../src/app/layout/server-health';

/** NetworkGate's question: is the server there at all? (issue 14: the guest's first load over the limit) */
function answer(response: () => Response): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => response()),
  );
}

describe('serverAnswers', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    resetRateLimit();
  });

  it('is yes on a 429, whose Retry-After becomes the shared pause the reads wait for', async () => {
    answer(() => new Response('Too many requests', { status: 429, headers: { 'Retry-After': '30' } }));
    const before = Date.now();
    expect(await serverAnswers()).toBe(true);
    expect(rateLimitedUntil()).toBeGreaterThanOrEqual(before + 30_000);
    expect(rateLimitedUntil()).toBeLessThanOrEqual(Date.now() + 30_000);
  });

  it('is yes on a 200, without a pause', async () => {
    answer(() => new Response('OK'));
    expect(await serverAnswers()).toBe(true);
    expect(rateLimitedUntil()).toBe(0);
  });

  it('is no on a 5xx and when nothing answers', async () => {
    answer(() => new Response('Database unreachable', { status: 503 }));
    expect(await serverAnswers()).toBe(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await serverAnswers()).toBe(false);
    expect(rateLimitedUntil()).toBe(0);
  });
});
