import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  acceptsEncoding,
  acceptsGzip,
  registerCompression,
} from '../../src/http/plugins/compression.plugin.js';

describe('acceptsGzip', () => {
  it.each([
    ['gzip, deflate, br', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['*', true],
    ['gzip;q=0', false],
    ['identity', false],
    [undefined, false],
  ])('%s → %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});

describe('acceptsEncoding br', () => {
  it.each([
    ['gzip, deflate, br', true],
    ['br;q=0.5', true],
    ['*', true],
    ['br;q=0, gzip', false],
    ['gzip', false],
    [undefined, false],
  ])('%s → %s', (header, expected) => {
    expect(acceptsEncoding(header, 'br')).toBe(expected);
  });
});

describe('JSON compression', () => {
  const build = async () => {
    const app = Fastify();
    await registerCompression(app);
    app.get('/big', async () => ({
      items: Array.from({ length: 200 }, (_, i) => ({ id: i, title: 'タイトル' })),
    }));
    app.get('/small', async () => ({ ok: true }));
    app.get('/text', async (_request, reply) => reply.type('text/plain').send('x'.repeat(5000)));
    return app;
  };

  it('gzips large JSON for clients that take it, and says it varies', async () => {
    const app = await build();
    const response = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(JSON.parse(gunzipSync(response.rawPayload).toString()).items).toHaveLength(200);
    const plain = await app.inject({ url: '/big' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.json().items).toHaveLength(200);
  });

  it('leaves small JSON and other types alone', async () => {
    const app = await build();
    for (const url of ['/small', '/text']) {
      const response = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(response.headers['content-encoding'], url).toBeUndefined();
    }
  });
});
