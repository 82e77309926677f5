import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../helpers/test-context.js';
import { addWork, createLibrary, patternBytes } from './media-fixtures.js';

const AUDIO = patternBytes(50_000);

/** Lists a ZIP with Info-ZIP's `unzip` and checks its integrity (`unzip -t`); returns the entry names. */
function listZip(zip: Buffer): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'sasayaki-zip-'));
  try {
    const file = join(dir, 'a.zip');
    writeFileSync(file, zip);
    execFileSync('unzip', ['-tq', file]);
    const listing = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' });
    return listing.split('\n').filter(Boolean);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function entryOf(zip: Buffer, name: string): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'sasayaki-zip-'));
  try {
    const file = join(dir, 'a.zip');
    writeFileSync(file, zip);
    return execFileSync('unzip', ['-p', file, name]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(DATABASE_KINDS)('work downloads on %s', (kind) => {
  let server: TestServer;
  let library: string;
  const get = (url: string) => server.app.inject({ method: 'GET', url });
  const withPath = (path: unknown) =>
    `/api/media/download-work/123456?path=${encodeURIComponent(JSON.stringify(path))}`;

  beforeAll(async () => {
    library = createLibrary();
    server = await startTestServer(kind, { SASAYAKI_LIBRARY: library });
    await addWork(server.ctx.database.db, library, {
      id: 123456,
      dir: 'Some Circle/RJ123456 作品',
      files: [
        { path: 'MP3/01 はじめに.mp3', content: AUDIO },
        { path: 'MP3/01 はじめに.lrc', content: '[00:00.00]hi' },
        { path: 'WAV/deep/01.wav', content: 'wav' },
        { path: 'readme.txt', content: 'read me' },
        { path: 'MP3/vanished.mp3', absent: true, content: 'gone' },
        { path: 'pipe.mp3', absent: true },
      ],
    });
    await addWork(server.ctx.database.db, library, { id: 333333, dir: 'empty', files: [] });
    execFileSync('mkfifo', [join(library, 'Some Circle/RJ123456 作品', 'pipe.mp3')]);
  });
  afterAll(async () => {
    await server?.close();
    rmSync(library, { recursive: true, force: true });
  });

  it('zips the whole work under its RJ code, skipping files gone from disk and non-files', async () => {
    const response = await get('/api/media/download-work/RJ123456?token=x');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="RJ123456.zip"; filename*=UTF-8''RJ123456.zip`,
    );
    expect(response.headers['content-length']).toBe(String(response.rawPayload.length));
    expect(listZip(response.rawPayload)).toEqual([
      'RJ123456/MP3/01 はじめに.mp3',
      'RJ123456/MP3/01 はじめに.lrc',
      'RJ123456/WAV/deep/01.wav',
      'RJ123456/readme.txt',
    ]);
    expect(entryOf(response.rawPayload, 'RJ123456/MP3/01 はじめに.mp3').equals(AUDIO)).toBe(true);
  });

  it('stores entries uncompressed', async () => {
    const response = await get('/api/media/download-work/123456');
    const listing = execFileSync(
      'python3',
      [
        '-c',
        'import sys,zipfile;print({i.compress_type for i in zipfile.ZipFile(sys.argv[1]).infolist()})',
        writeTemp(response.rawPayload),
      ],
      { encoding: 'utf8' },
    );
    expect(listing.trim()).toBe('{0}');
  });

  it('zips one folder with paths relative to it', async () => {
    const response = await get(withPath(['WAV']));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''RJ123456%20-%20WAV.zip`);
    expect(listZip(response.rawPayload)).toEqual(['RJ123456/deep/01.wav']);
    expect(listZip((await get(withPath(['WAV', 'deep']))).rawPayload)).toEqual(['RJ123456/01.wav']);
    expect(listZip((await get(withPath([]))).rawPayload)).toHaveLength(4);
  });

  it('answers HEAD with the size and no body', async () => {
    const whole = await get('/api/media/download-work/123456');
    const head = await server.app.inject({ method: 'HEAD', url: '/api/media/download-work/123456' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(whole.rawPayload.length));
    expect(head.rawPayload.length).toBe(0);
  });

  it('makes an empty ZIP for a work without files', async () => {
    const response = await get('/api/media/download-work/333333');
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBe(22);
  });

  it("answers 404, not an empty ZIP, when none of the work's files can be read now", async () => {
    // Its files deleted, or its library folder unmounted, since the scan: an empty 200 ZIP looked like
    // a download that worked.
    await addWork(server.ctx.database.db, library, {
      id: 444444,
      dir: 'RJ444444 gone',
      files: [
        { path: 'a.mp3', absent: true, content: 'a' },
        { path: 'b/b.mp3', absent: true, content: 'b' },
      ],
    });
    for (const url of [
      '/api/media/download-work/444444',
      '/api/media/download-work/444444?path=%5B%22b%22%5D',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toHaveProperty('error');
    }
  });

  it('answers 404 for an unknown work or a folder that is not there', async () => {
    for (const url of [
      '/api/media/download-work/999999',
      withPath(['Nope']),
      withPath(['MP']),
      withPath(['readme.txt']),
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toHaveProperty('error');
    }
  });

  it('zips a work whose names hold backslashes, dot segments and control characters under safe names', async () => {
    // Each of these is one legal Linux file name; yazl refused the first and the whole download was a 500.
    await addWork(server.ctx.database.db, library, {
      id: 123457,
      dir: 'RJ123457',
      files: [
        { path: '..\\..\\escape.txt', content: 'escape' },
        { path: 'a\\b.txt', content: 'backslash' },
        { path: '\u0001ctl\n.txt', content: 'control' },
        { path: 'a_b.txt', content: 'plain' },
      ],
    });
    const response = await get('/api/media/download-work/123457');
    expect(response.statusCode).toBe(200);
    expect(listZip(response.rawPayload)).toEqual([
      'RJ123457/.._.._escape.txt',
      'RJ123457/a_b.txt',
      'RJ123457/_ctl_.txt',
      'RJ123457/a_b~2.txt',
    ]);
    expect(entryOf(response.rawPayload, 'RJ123457/a_b~2.txt').toString()).toBe('plain');
  });

  it.each(['not json', '"WAV"', '{"a":1}', '[1]', '[""]', '["WAV/deep"]', '[".."]', '["a\\u0000"]'])(
    'answers 400 for path=%s',
    async (path) => {
      const response = await get(`/api/media/download-work/123456?path=${encodeURIComponent(path)}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0]).toMatchObject({ param: 'path', location: 'query' });
    },
  );
});

function writeTemp(data: Buffer): string {
  const file = join(mkdtempSync(join(tmpdir(), 'sasayaki-zip-')), 'a.zip');
  writeFileSync(file, data);
  return file;
}
