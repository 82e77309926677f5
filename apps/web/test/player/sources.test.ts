import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, writeString } from '../../src/lib/storage';
import { playTracks } from '../../src/player/api';
import {
  lowBitrateFormat,
  lowQualityUrl,
  prefetchAudio,
  resetLowBitrateFormat,
  upcoming,
  urlFor,
} from '../../src/player/sources';
import type { QueueItem } from '../../src/player/types';

/**
 * Low-bitrate format choice (issue 5): a browser that cannot play Opus in WebM asks the server for AAC in
 * M4A with `?format=m4a`, keeping the token query; one that can keeps the plain URL (the server's WebM).
 */
const item = (n: number, extra: Partial<QueueItem> = {}): QueueItem => ({
  hash: `7/${n}`,
  title: `Track ${n}`,
  workId: 7,
  sourceId: 'RJ000007',
  workTitle: 'Work',
  circleName: 'Circle',
  mediaStreamUrl: `/api/media/stream/7/${n}`,
  streamLowQualityUrl: `/api/media/stream-lq/7/${n}`,
  coverUrl: '/api/cover/7.jpg',
  ...extra,
});

/** What the fake browser answers to `canPlayType`, by MIME type; every question is recorded. */
function browserPlays(answers: Record<string, CanPlayTypeResult>) {
  const asked: string[] = [];
  vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type: string) => {
    asked.push(type);
    return answers[type] ?? '';
  });
  resetLowBitrateFormat();
  return asked;
}

const CHROME = { 'audio/webm; codecs=opus': 'probably' } as const;
const OLD_SAFARI = { 'audio/mp4; codecs=mp4a.40.2': 'probably', 'audio/webm; codecs=opus': '' } as const;

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  resetLowBitrateFormat();
});

describe('low-bitrate format', () => {
  it('asks the browser about Opus in WebM, once per page load', () => {
    const asked = browserPlays(CHROME);
    expect(lowBitrateFormat()).toBe('webm');
    expect(lowBitrateFormat()).toBe('webm');
    expect(asked).toEqual(['audio/webm; codecs=opus']);
  });

  it('a browser that answers "maybe" plays WebM', () => {
    browserPlays({ 'audio/webm; codecs=opus': 'maybe' });
    expect(lowBitrateFormat()).toBe('webm');
  });

  it("a browser that answers '' gets M4A", () => {
    browserPlays(OLD_SAFARI);
    expect(lowBitrateFormat()).toBe('m4a');
  });

  it('when asking throws, the server default (WebM) stays', () => {
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation(() => {
      throw new Error('not here');
    });
    resetLowBitrateFormat();
    expect(lowBitrateFormat()).toBe('webm');
  });

  it('lowQualityUrl appends format=m4a after an existing query and never twice', () => {
    expect(lowQualityUrl('/api/media/stream-lq/7/1', 'm4a')).toBe('/api/media/stream-lq/7/1?format=m4a');
    expect(lowQualityUrl('/api/media/stream-lq/7/1?token=abc', 'm4a')).toBe(
      '/api/media/stream-lq/7/1?token=abc&format=m4a',
    );
    expect(lowQualityUrl('/api/media/stream-lq/7/1?format=m4a', 'm4a')).toBe(
      '/api/media/stream-lq/7/1?format=m4a',
    );
    expect(lowQualityUrl('/api/media/stream-lq/7/1?token=abc', 'webm')).toBe(
      '/api/media/stream-lq/7/1?token=abc',
    );
  });
});

describe('urlFor', () => {
  it('without Opus: the low-bitrate URL asks for M4A and keeps the token', () => {
    browserPlays(OLD_SAFARI);
    localStorage.setItem('jwt-token', 'tok en');
    const url = new URL(urlFor(item(1), 'low'), 'http://localhost');
    expect(url.pathname).toBe('/api/media/stream-lq/7/1');
    expect(url.searchParams.get('format')).toBe('m4a');
    expect(url.searchParams.get('token')).toBe('tok en');
    // The original never gets a format.
    expect(urlFor(item(1), 'original')).toBe('/api/media/stream/7/1?token=tok+en');
  });

  it('without Opus, a server URL that already carries a query keeps it', () => {
    browserPlays(OLD_SAFARI);
    const url = urlFor(item(2, { streamLowQualityUrl: '/api/media/stream-lq/7/2?token=server' }), 'low');
    expect(url).toBe('/api/media/stream-lq/7/2?token=server&format=m4a');
  });

  it('with Opus: the low-bitrate URL is left as the server gave it', () => {
    browserPlays(CHROME);
    localStorage.setItem('jwt-token', 'abc');
    expect(urlFor(item(3), 'low')).toBe('/api/media/stream-lq/7/3?token=abc');
  });

  it('a file without a low-bitrate stream plays its original at either quality', () => {
    browserPlays(OLD_SAFARI);
    expect(urlFor(item(4, { streamLowQualityUrl: undefined }), 'low')).toBe('/api/media/stream/7/4');
  });
});

describe('prefetch', () => {
  it('hints only the clicked track and the two after it, not the whole queue', () => {
    browserPlays(CHROME);
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    const queue = Array.from({ length: 10 }, (_, n) => item(n));
    playTracks(queue, 5);
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
    expect(calls.map(([url]) => url)).toEqual([
      '/api/media/stream-lq/7/5',
      '/api/media/stream-lq/7/6',
      '/api/media/stream-lq/7/7',
    ]);
    expect(upcoming(queue, 9).map((q) => q.hash)).toEqual(['7/9']);
    expect(upcoming(queue, -1, 2).map((q) => q.hash)).toEqual(['7/0', '7/1']);
  });

  it('warms up the format the player will ask for', () => {
    browserPlays(OLD_SAFARI);
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    prefetchAudio([item(90), item(91, { streamLowQualityUrl: undefined })]);
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
    expect(calls.map(([url, init]) => [url, init.method])).toEqual([
      ['/api/media/stream-lq/7/90?format=m4a', 'OPTIONS'],
      ['/api/media/stream/7/91', 'OPTIONS'],
    ]);
  });

  it('sends the token on the hint, as on the stream: the server starts no work for a hint without one', () => {
    browserPlays(CHROME);
    writeString(STORAGE_KEYS.token, 'jwt-token');
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    prefetchAudio([item(92)]);
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
    expect(calls.map(([url]) => url)).toEqual(['/api/media/stream-lq/7/92?token=jwt-token']);
  });
});
