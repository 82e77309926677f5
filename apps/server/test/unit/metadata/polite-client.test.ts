import { describe, expect, it } from 'vitest';
import {
  absoluteImageUrl,
  coverUrlOfOriginal,
  imageFolderOf,
} from '../../../src/metadata/dlsite/dlsite-urls.js';
import { HostRateLimiter } from '../../../src/metadata/http/host-rate-limiter.js';
import { retryAfterMs } from '../../../src/metadata/http/polite-client.js';

describe('HostRateLimiter', () => {
  it('spaces the starts of requests to one host, each host on its own, and holds a host after a 429', async () => {
    let now = 1_000;
    const waits: number[] = [];
    const limiter = new HostRateLimiter(
      4,
      () => now,
      async (ms) => {
        waits.push(ms);
      },
    );
    await Promise.all([limiter.take('www'), limiter.take('www'), limiter.take('www'), limiter.take('img')]);
    expect(waits).toEqual([250, 500]);
    now = 5_000;
    limiter.holdUntil('www', 7_000);
    await limiter.take('www');
    expect(waits.at(-1)).toBe(2_000);
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3_000);
    expect(retryAfterMs('Tue, 24 Nov 2026 12:00:10 GMT', now)).toBe(10_000);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(undefined, now)).toBeNull();
  });
});

describe('DLsite image addresses', () => {
  it('give scheme-less URLs the base address’s scheme, and refuse other schemes', () => {
    expect(absoluteImageUrl('https://www.dlsite.com', '//img.dlsite.jp/a.jpg')).toBe(
      'https://img.dlsite.jp/a.jpg',
    );
    expect(absoluteImageUrl('http://127.0.0.1:9000', '//img.example/a.jpg')).toBe('http://img.example/a.jpg');
    expect(absoluteImageUrl('https://www.dlsite.com', 'javascript:alert(1)')).toBeNull();
  });

  it('round codes up to the next thousand for the image folder, 6 and 8 digits, and swap in the original', () => {
    expect(imageFolderOf('RJ01068123')).toBe('RJ01069000');
    expect(imageFolderOf('RJ146932')).toBe('RJ147000');
    expect(imageFolderOf('RJ147000')).toBe('RJ147000');
    expect(
      coverUrlOfOriginal(
        'https://img.dlsite.jp/w/RJ01401000/RJ01400001_img_main.jpg',
        'RJ01400001',
        'RJ01324958',
      ),
    ).toBe('https://img.dlsite.jp/w/RJ01325000/RJ01324958_img_main.jpg');
  });
});
