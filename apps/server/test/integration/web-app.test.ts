import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-context.js';

describe('serving the web app', () => {
  let built: TestServer;
  let unbuilt: TestServer;
  beforeAll(async () => {
    const webDir = mkdtempSync(join(tmpdir(), 'sasayaki-web-'));
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Sasayaki</title>');
    writeFileSync(join(webDir, 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(
      join(webDir, 'assets', 'big.js'),
      `export const words = ${JSON.stringify('ささやき '.repeat(2000))};`,
    );
    // The build's brotli twins (apps/web's brotli-files-plugin): one fresh, one older than its file.
    const bigScript = `export const sounds = ${JSON.stringify('耳かき '.repeat(2000))};`;
    writeFileSync(join(webDir, 'assets', 'twin.js'), bigScript);
    writeFileSync(join(webDir, 'assets', 'twin.js.br'), brotliCompressSync(bigScript));
    writeFileSync(join(webDir, 'assets', 'stale.js'), bigScript);
    writeFileSync(join(webDir, 'assets', 'stale.js.br'), brotliCompressSync('from an earlier build'));
    const anHourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(join(webDir, 'assets', 'stale.js.br'), anHourAgo, anHourAgo);
    writeFileSync(join(webDir, 'icon.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    writeFileSync(join(webDir, 'sw.js'), 'self.skipWaiting()');
    writeFileSync(join(tmpdir(), 'outside-the-web-app.txt'), 'secret');
    built = await startTestServer('sqlite', { SASAYAKI_WEB_DIR: webDir });
    unbuilt = await startTestServer('sqlite', { SASAYAKI_WEB_DIR: join(webDir, 'nothing-here') });
  });
  afterAll(async () => {
    await built?.close();
    await unbuilt?.close();
  });

  it('serves index.html for the app routes and files from the build', async () => {
    for (const url of ['/', '/works?page=2', '/work/RJ123456', '/favourites/progress/listening']) {
      const response = await built.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<title>Sasayaki</title>');
    }
    const asset = await built.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.body).toBe('console.log(1)');
  });

  it('gzips text for clients that take it, with its own validators, and answers 304', async () => {
    const headers = { 'accept-encoding': 'gzip' };
    const zipped = await built.app.inject({ method: 'GET', url: '/assets/big.js', headers });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(zipped.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zipped.headers.vary).toBe('Accept-Encoding');
    expect(gunzipSync(zipped.rawPayload).toString()).toContain('ささやき');
    const plain = await built.app.inject({ method: 'GET', url: '/assets/big.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.etag).not.toBe(zipped.headers.etag);
    expect(gunzipSync(zipped.rawPayload).equals(plain.rawPayload)).toBe(true);
    const again = await built.app.inject({
      method: 'GET',
      url: '/assets/big.js',
      headers: { ...headers, 'if-none-match': String(zipped.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const head = await built.app.inject({ method: 'HEAD', url: '/assets/big.js', headers });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it("sends the build's brotli twin to clients that take brotli, with its own validators", async () => {
    const headers = { 'accept-encoding': 'gzip, deflate, br' };
    const brotli = await built.app.inject({ method: 'GET', url: '/assets/twin.js', headers });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toBe('Accept-Encoding');
    const plain = await built.app.inject({ method: 'GET', url: '/assets/twin.js' });
    expect(brotliDecompressSync(brotli.rawPayload).equals(plain.rawPayload)).toBe(true);
    const gzipped = await built.app.inject({
      method: 'GET',
      url: '/assets/twin.js',
      headers: { 'accept-encoding': 'gzip, br;q=0' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(new Set([brotli.headers.etag, gzipped.headers.etag, plain.headers.etag]).size).toBe(3);
    const again = await built.app.inject({
      method: 'GET',
      url: '/assets/twin.js',
      headers: { ...headers, 'if-none-match': String(brotli.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    // A twin is served only in place of its file, never under its own name.
    expect((await built.app.inject({ method: 'GET', url: '/assets/twin.js.br' })).statusCode).toBe(404);
  });

  it('gzips a file whose brotli twin is older than it, and one without a twin', async () => {
    const headers = { 'accept-encoding': 'br, gzip' };
    for (const url of ['/assets/stale.js', '/assets/big.js']) {
      const response = await built.app.inject({ method: 'GET', url, headers });
      expect(response.headers['content-encoding'], url).toBe('gzip');
      expect(gunzipSync(response.rawPayload).toString(), url).toContain('export const');
    }
  });

  it('revalidates the shell and the service worker, sends images as they are', async () => {
    const shell = await built.app.inject({
      method: 'GET',
      url: '/works',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(shell.headers['cache-control']).toBe('no-cache');
    expect(shell.headers['content-type']).toBe('text/html; charset=utf-8');
    expect((await built.app.inject({ method: 'GET', url: '/sw.js' })).headers['cache-control']).toBe(
      'no-cache',
    );
    const icon = await built.app.inject({
      method: 'GET',
      url: '/icon.png',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.headers['content-encoding']).toBeUndefined();
  });

  it('answers 404 for unknown bundles, workers and icons, and never leaves the build folder', async () => {
    for (const url of ['/assets/gone-1234.js', '/sw-gone.js', '/manifest.webmanifest', '/icons/x.png']) {
      expect((await built.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    for (const url of [
      '/../outside-the-web-app.txt',
      '/%2e%2e/outside-the-web-app.txt',
      '/assets/..%2f..%2foutside-the-web-app.txt',
      '/..%5coutside-the-web-app.txt',
    ]) {
      const response = await built.app.inject({ method: 'GET', url });
      expect(response.body, url).not.toContain('secret');
    }
  });

  it('keeps unknown API routes as JSON 404s', async () => {
    const response = await built.app.inject({ method: 'GET', url: '/api/nothing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toHaveProperty('error');
  });

  it('answers / with a short note when the web app is not built', async () => {
    const response = await unbuilt.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/Sasayaki is running/);
  });
});
