import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  absoluteImageUrl,
  coverUrlOfOriginal,
  imageFolderOf,
} from '../../../src/metadata/dlsite/dlsite-urls.js';
import { HostRateLimiter } from '../../../src/metadata/http/host-rate-limiter.js';
import { PoliteClient, retryAfterMs } from '../../../src/metadata/http/polite-client.js';

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

/** Listens on a free loopback port; its `http://127.0.0.1:port`. */
async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('PoliteClient and the HTTP proxy (metadata.httpProxy)', () => {
  it('sends its requests through the configured proxy, and straight to the host without one', async () => {
    const target = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"ok":true}');
    });
    // A proxy that tunnels CONNECT and forwards absolute-URI requests, noting each target it was asked for.
    const asked: string[] = [];
    const proxy = createServer((request, response) => {
      asked.push(`GET ${request.url}`);
      const forward = httpRequest(request.url as string, { headers: request.headers }, (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      });
      request.pipe(forward);
    });
    proxy.on('connect', (request, client, head) => {
      asked.push(`CONNECT ${request.url}`);
      const [host, port] = (request.url as string).split(':');
      const upstream = connect(Number(port), host as string, () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
    });
    const targetUrl = await listen(target);
    const proxyUrl = await listen(proxy);
    const options = {
      timeoutMs: 5_000,
      attempts: 1,
      backoffMs: 10,
      maxWaitMs: 10,
      maxBytes: 1024,
      userAgent: 'test',
    };
    const limiter = new HostRateLimiter(100);
    try {
      const proxied = await new PoliteClient({ ...options, proxy: proxyUrl }, limiter).get(
        `${targetUrl}/api/x`,
      );
      expect(proxied).toMatchObject({ kind: 'ok', status: 200 });
      expect(asked).toHaveLength(1);
      expect(asked[0]).toContain(new URL(targetUrl).host);
      const direct = await new PoliteClient({ ...options, proxy: null }, limiter).get(`${targetUrl}/api/x`);
      expect(direct).toMatchObject({ kind: 'ok', status: 200 });
      expect(asked).toHaveLength(1);
    } finally {
      target.closeAllConnections();
      proxy.closeAllConnections();
      await Promise.all([target, proxy].map((server) => new Promise((resolve) => server.close(resolve))));
    }
  });
});
