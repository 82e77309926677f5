import { rmSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../helpers/test-context.js';
import { addWork, createLibrary } from './media-fixtures.js';

const BROWSER_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

describe.each(DATABASE_KINDS)('covers on %s', (kind) => {
  let server: TestServer;
  let library: string;
  const get = (url: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url, headers });
  const dimensions = async (image: Buffer) => {
    const meta = await sharp(image).metadata();
    return [meta.format, meta.width, meta.height];
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    library = createLibrary();
    const png = await sharp({ create: { width: 1000, height: 750, channels: 3, background: '#3a6' } })
      .png()
      .toBuffer();
    const key = await server.ctx.covers.save(png);
    const db = server.ctx.database.db;
    await addWork(db, library, { id: 123456, dir: 'a', coverKey: key, files: [] });
    await addWork(db, library, { id: 1234567, dir: 'b', coverKey: null, files: [] });
    await addWork(db, library, { id: 222222, dir: 'c', coverKey: key, missing: true, files: [] });
    await addWork(db, library, { id: 444444, dir: 'd', coverKey: 'ffffffffffffffffffffffff', files: [] });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(library, { recursive: true, force: true });
  });

  it.each([
    ['/api/cover/123456', 'main', 1000, 750],
    ['/api/cover/RJ123456.jpg?type=main', 'main', 1000, 750],
    ['/api/cover/rj123456.JPG?type=sam', 'sam', 300, 225],
    ['/api/cover/123456.jpg?type=240x240&token=abc&extra=1', '240x240', 240, 240],
  ])('%s is the %s cover as JPEG', async (url, _type, width, height) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['cache-control']).toBe('private, max-age=86400');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers.vary).toContain('Accept');
    expect(response.headers.etag).toBeTruthy();
    expect(await dimensions(response.rawPayload)).toEqual(['jpeg', width, height]);
  });

  it('sends WebP to clients that prefer it', async () => {
    const response = await get('/api/cover/123456.jpg?type=sam', { accept: BROWSER_ACCEPT });
    expect(response.headers['content-type']).toBe('image/webp');
    expect(await dimensions(response.rawPayload)).toEqual(['webp', 300, 225]);
    const jpeg = await get('/api/cover/123456.jpg?type=sam', { accept: 'image/jpeg,image/webp;q=0.5' });
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
  });

  it('answers conditional requests with 304', async () => {
    const first = await get('/api/cover/123456.jpg');
    const again = await get('/api/cover/123456.jpg', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const since = await get('/api/cover/123456.jpg', {
      'if-modified-since': String(first.headers['last-modified']),
    });
    expect(since.statusCode).toBe(304);
  });

  it('answers HEAD with the length and no body', async () => {
    const full = await get('/api/cover/123456.jpg?type=sam');
    const head = await server.app.inject({ method: 'HEAD', url: '/api/cover/123456.jpg?type=sam' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(full.rawPayload.length));
    expect(head.rawPayload.length).toBe(0);
  });

  it('draws a placeholder (200) for a work without a cover or whose cover files are gone', async () => {
    for (const [url, width, height] of [
      ['/api/cover/RJ01234567.jpg', 800, 600],
      ['/api/cover/1234567?type=sam', 300, 225],
      ['/api/cover/1234567?type=240x240', 240, 240],
      ['/api/cover/444444', 800, 600],
    ] as const) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(await dimensions(response.rawPayload), url).toEqual(['jpeg', width, height]);
    }
    const webp = await get('/api/cover/1234567', { accept: BROWSER_ACCEPT });
    expect(await dimensions(webp.rawPayload)).toEqual(['webp', 800, 600]);
  });

  it('answers 404 for unknown and missing works', async () => {
    for (const url of ['/api/cover/999999.jpg', '/api/cover/RJ222222.jpg']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ error: 'Work not found' });
    }
  });

  it.each([
    '/api/cover/123456?type=big',
    '/api/cover/123456?type=MAIN',
    '/api/cover/123456?type=',
    '/api/cover/abc.jpg',
    '/api/cover/RJ12345.jpg',
    '/api/cover/123456.png',
    '/api/cover/0',
  ])('answers 400 for %s', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('errors');
  });
});
