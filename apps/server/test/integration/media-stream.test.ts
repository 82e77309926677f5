import { execFileSync } from 'node:child_process';
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LibraryServer, startLibraryServer } from '../helpers/library-server.js';
import { DATABASE_KINDS } from '../helpers/test-context.js';
import { patternBytes } from './media-fixtures.js';

// 'こんにちは、世界。歌詞ファイルです' in Shift_JIS.
const SHIFT_JIS_LYRICS = Buffer.from(
  '82b182f182c982bf82cd814190a28a45814289cc8e8c837483408343838b82c582b7',
  'hex',
);
const AUDIO = patternBytes(10_000);
const BIG = patternBytes(8 * 1024 * 1024);

describe.each(DATABASE_KINDS)('media streaming on %s', (kind) => {
  let media: LibraryServer;

  beforeAll(async () => {
    media = await startLibraryServer(kind, [
      {
        id: 123456,
        dir: 'RJ123456 Sample',
        files: [
          { path: 'track01.mp3', content: AUDIO, subtitleFileId: 1 },
          { path: 'track01.lrc', content: SHIFT_JIS_LYRICS },
          { path: 'sub/歌詞 テスト.txt', content: '[00:01.00]こんにちは' },
          { path: 'notes.vtt', content: 'WEBVTT\n' },
          { path: 'empty.wav', content: '' },
          { path: 'gone.flac', content: 'x', absent: true },
          { path: 'pipe.mp3', absent: true },
          { path: 'big.flac', content: BIG },
          { path: 'page.html', content: '<script>alert(1)</script>' },
          { path: 'track02.m4a', content: 'm4a', subtitleFileId: 99 },
        ],
      },
      {
        id: 1234567,
        dir: 'RJ01234567',
        files: [{ path: 'a.opus', content: 'opus' }],
      },
      {
        id: 222222,
        dir: 'gone work',
        missing: true,
        files: [{ path: 'a.mp3', content: 'x' }],
      },
    ]);
    execFileSync('mkfifo', [join(media.library, 'RJ123456 Sample', 'pipe.mp3')]);
  });
  afterAll(async () => {
    await media?.close();
  });

  it('streams a file whole, with its validators and type', async () => {
    const response = await media.get('/api/media/stream/123456/0');
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(AUDIO)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'audio/mpeg',
      'content-length': '10000',
      'accept-ranges': 'bytes',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
    });
    expect(response.headers.etag).toMatch(/^W\/"/);
    expect(response.headers['last-modified']).toBeTruthy();
    expect(response.headers['content-disposition']).toBeUndefined();
  });

  it('accepts RJ codes, 8-digit codes, ?token= and unknown query parameters', async () => {
    expect((await media.get('/api/media/stream/RJ123456/0?token=abc&foo=1')).statusCode).toBe(200);
    const eight = await media.get('/api/media/stream/RJ01234567/0');
    expect(eight.statusCode).toBe(200);
    expect(eight.headers['content-type']).toBe('audio/ogg; codecs=opus');
  });

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=9900-', 9900, 9999],
    ['bytes=-500', 9500, 9999],
    ['bytes=100-199,300-399', 100, 199],
  ])('answers Range %s with 206', async (range, start, end) => {
    const response = await media.get('/api/media/stream/123456/0', { range });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/10000`);
    expect(response.headers['content-length']).toBe(String(end - start + 1));
    expect(response.rawPayload.equals(AUDIO.subarray(start, end + 1))).toBe(true);
  });

  it('answers an unsatisfiable range with 416, Content-Range and a JSON error', async () => {
    const response = await media.get('/api/media/stream/123456/0', { range: 'bytes=10000-' });
    expect(response.statusCode).toBe(416);
    expect(response.headers['content-range']).toBe('bytes */10000');
    expect(response.json()).toEqual({ error: 'Requested range not satisfiable' });
    expect((await media.get('/api/media/stream/123456/4', { range: 'bytes=0-' })).statusCode).toBe(416);
  });

  it('ignores a malformed range', async () => {
    const response = await media.get('/api/media/stream/123456/0', { range: 'bytes=oops' });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBe(10_000);
  });

  it('honours If-Range', async () => {
    const { etag, 'last-modified': lastModified } = (await media.get('/api/media/stream/123456/0')).headers;
    expect(
      (await media.get('/api/media/stream/123456/0', { range: 'bytes=0-9', 'if-range': String(etag) }))
        .statusCode,
    ).toBe(206);
    expect(
      (
        await media.get('/api/media/stream/123456/0', {
          range: 'bytes=0-9',
          'if-range': String(lastModified),
        })
      ).statusCode,
    ).toBe(206);
    const stale = await media.get('/api/media/stream/123456/0', {
      range: 'bytes=0-9',
      'if-range': 'W/"old"',
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(10_000);
  });

  it('answers conditional requests with 304 and no body', async () => {
    const { etag, 'last-modified': lastModified } = (await media.get('/api/media/stream/123456/0')).headers;
    const byTag = await media.get('/api/media/stream/123456/0', { 'if-none-match': String(etag) });
    expect(byTag.statusCode).toBe(304);
    expect(byTag.rawPayload.length).toBe(0);
    expect(byTag.headers.etag).toBe(etag);
    expect(
      (await media.get('/api/media/stream/123456/0', { 'if-modified-since': String(lastModified) }))
        .statusCode,
    ).toBe(304);
    expect((await media.get('/api/media/stream/123456/0', { 'if-none-match': '"other"' })).statusCode).toBe(
      200,
    );
  });

  it('answers HEAD with the headers and no body, ranges included', async () => {
    const head = await media.server.app.inject({ method: 'HEAD', url: '/api/media/stream/123456/0' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('10000');
    expect(head.headers['content-type']).toBe('audio/mpeg');
    expect(head.rawPayload.length).toBe(0);
    const ranged = await media.server.app.inject({
      method: 'HEAD',
      url: '/api/media/stream/123456/0',
      headers: { range: 'bytes=0-9' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-length']).toBe('10');
    expect(ranged.rawPayload.length).toBe(0);
  });

  it('sends text with its detected charset', async () => {
    expect((await media.get('/api/media/stream/123456/1')).headers['content-type']).toBe(
      'text/plain; charset=shift_jis',
    );
    expect((await media.get('/api/media/stream/123456/2')).headers['content-type']).toBe(
      'text/plain; charset=utf-8',
    );
    expect((await media.get('/api/media/stream/123456/3')).headers['content-type']).toBe(
      'text/vtt; charset=utf-8',
    );
  });

  it('sends an empty file as an empty 200', async () => {
    const response = await media.get('/api/media/stream/123456/4');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe('0');
    expect(response.headers['content-type']).toBe('audio/wav');
  });

  it('never lets a browser render a library file as a page', async () => {
    const response = await media.get('/api/media/stream/123456/8');
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('downloads with the file name as an attachment', async () => {
    const response = await media.get('/api/media/download/123456/2');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="__ ___.txt"; filename*=UTF-8''%E6%AD%8C%E8%A9%9E%20%E3%83%86%E3%82%B9%E3%83%88.txt`,
    );
    expect(response.body).toBe('[00:01.00]こんにちは');
    const ranged = await media.get('/api/media/download/123456/0', { range: 'bytes=0-9' });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-disposition']).toContain('track01.mp3');
  });

  it('answers 404 for unknown works, unknown files, missing works and files gone from disk', async () => {
    for (const url of [
      '/api/media/stream/999999/0',
      '/api/media/stream/123456/500',
      '/api/media/stream/222222/0',
      '/api/media/stream/123456/5',
      '/api/media/download/123456/5',
      '/api/media/download/999999/0',
    ]) {
      const response = await media.get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toHaveProperty('error');
    }
  });

  it('answers 404 for a file deleted after indexing, once the server looks at its path again', async () => {
    const path = join(media.library, 'RJ123456 Sample', 'notes.vtt');
    expect((await media.get('/api/media/stream/123456/3')).statusCode).toBe(200);
    rmSync(path);
    try {
      // Requests share a file's descriptor for half a second (media/open-files.ts).
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect((await media.get('/api/media/stream/123456/3')).statusCode).toBe(404);
    } finally {
      writeFileSync(path, 'WEBVTT\n');
    }
  });

  it('answers 404 quickly for a FIFO in the library instead of blocking on it', async () => {
    const started = Date.now();
    for (const url of ['/api/media/stream/123456/6', '/api/media/download/123456/6']) {
      const response = await media.get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'File not found' });
    }
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('answers 400 for ids that are not ids', async () => {
    for (const url of [
      '/api/media/stream/abc/0',
      '/api/media/stream/123456/-1',
      '/api/media/stream/123456/1.5',
      '/api/media/stream/123456/x',
      '/api/media/stream/0/0',
      '/api/media/download/123456/abc',
      '/api/media/stream-lq/123456/abc',
      '/api/media/check-lrc/RJ12/0',
    ]) {
      const response = await media.get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().errors?.[0]?.location, url).toBe('params');
    }
  });

  it('answers OPTIONS on stream URLs with 204', async () => {
    for (const url of ['/api/media/stream/123456/0', '/api/media/stream-lq/123456/0']) {
      const response = await media.server.app.inject({ method: 'OPTIONS', url });
      expect(response.statusCode, url).toBe(204);
      expect(response.rawPayload.length).toBe(0);
    }
  });

  it('has no low-bitrate stream for a light file (transcode.test.ts covers the others)', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await media.server.app.inject({ method, url: '/api/media/stream-lq/123456/0' });
      expect(response.statusCode).toBe(404);
      if (method === 'GET') expect(response.json()).toEqual({ error: 'This file has no low-bitrate stream' });
    }
  });

  it('tells which subtitle belongs to an audio file', async () => {
    expect((await media.get('/api/media/check-lrc/123456/0')).json()).toEqual({
      result: true,
      message: 'Subtitle file found',
      hash: '123456/1',
      lyricExtension: '.lrc',
    });
    const none = { result: false, message: 'No subtitle file', hash: '', lyricExtension: '' };
    expect((await media.get('/api/media/check-lrc/RJ123456/2')).json()).toEqual(none);
    // A subtitle id that no longer exists counts as none.
    expect((await media.get('/api/media/check-lrc/123456/9')).json()).toEqual(none);
    expect((await media.get('/api/media/check-lrc/123456/500')).statusCode).toBe(404);
    expect((await media.get('/api/media/check-lrc/222222/0')).statusCode).toBe(404);
  });

  it('leaves no descriptor open after whole, ranged, HEAD, 304, 416, text and empty answers', async () => {
    const openFiles = () => readdirSync('/proc/self/fd').length;
    const etag = (await media.get('/api/media/stream/123456/0')).headers.etag as string;
    const before = openFiles();
    for (let i = 0; i < 10; i++) {
      expect((await media.get('/api/media/stream/123456/0')).statusCode).toBe(200);
      expect((await media.get('/api/media/stream/123456/7', { range: 'bytes=100-65635' })).statusCode).toBe(
        206,
      );
      expect(
        (await media.server.app.inject({ method: 'HEAD', url: '/api/media/stream/123456/0' })).statusCode,
      ).toBe(200);
      expect((await media.get('/api/media/stream/123456/0', { 'if-none-match': etag })).statusCode).toBe(304);
      expect((await media.get('/api/media/stream/123456/0', { range: 'bytes=999999-' })).statusCode).toBe(
        416,
      );
      expect((await media.get('/api/media/stream/123456/1')).statusCode).toBe(200);
      expect((await media.get('/api/media/stream/123456/4')).statusCode).toBe(200);
    }
    expect(openFiles()).toBeLessThanOrEqual(before + 1);
  });

  it('lets go of the descriptor when a client goes away mid-stream, without closing it on others', async () => {
    await media.server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = media.server.app.server.address() as AddressInfo;
    const openFiles = () => readdirSync('/proc/self/fd').length;
    const before = openFiles();
    for (let i = 0; i < 5; i++) {
      await new Promise<void>((resolve, reject) => {
        const request = httpRequest(
          { port, host: '127.0.0.1', path: '/api/media/stream/123456/7' },
          (response) => {
            response.once('data', () => {
              request.destroy();
              resolve();
            });
          },
        );
        request.on('error', reject);
        request.end();
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(openFiles()).toBeLessThanOrEqual(before + 1);
    // Those requests shared a descriptor with the next one: their going away must not have closed it.
    const whole = await media.get('/api/media/stream/123456/7');
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(BIG)).toBe(true);
  });
});
