import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTone } from '../helpers/ffmpeg-tools.js';
import { png, replaceWithLink, wav } from '../helpers/hostile-library.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../helpers/test-context.js';
import { addWork, createLibrary } from './media-fixtures.js';

/** Sits next to the library, not in it: no response may ever contain it. */
const SECRET = 'TOP-SECRET-OUTSIDE-THE-LIBRARY';

const ATTACKS = [
  '..',
  '../..',
  '..%2f..%2fsecret.txt',
  '%2e%2e',
  '%2e%2e%2f%2e%2e%2fsecret.txt',
  '%252e%252e%252fsecret.txt',
  '..%5c..%5csecret.txt',
  '..\\..\\secret.txt',
  '%00',
  '0%00',
  '0%00.mp3',
  '%2fetc%2fpasswd',
  '%2Fetc%2Fpasswd',
  'C:%5cWindows',
  '0x1',
  '1e3',
  '-0',
  '%20',
  '0%0a',
  // Double-encoded backslash and NUL.
  '..%255c..%255csecret.txt',
  '0%2500',
  // Overlong UTF-8 forms of '.' and '/', which lenient decoders turned into real dots and slashes.
  '%c0%ae%c0%ae%c0%afsecret.txt',
  '%e0%80%ae%e0%80%ae%e0%80%afsecret.txt',
  '%c0%ae%c0%ae',
  // Fullwidth dots, slash and backslash (NFKC turns them into ASCII), raw and encoded.
  '．．／．．／secret.txt',
  '%ef%bc%8e%ef%bc%8e%ef%bc%8fsecret.txt',
  '．．＼secret.txt',
  // Fullwidth digits: a work or file id that NFKC would read as a number.
  '１２３４５６',
  'ＲＪ１２３４５６',
  // Dot segments kept in one path segment by encoding only the slash or only the dots.
  '.%2e%2fsecret.txt',
  '%2e.%5csecret.txt',
];

describe.each(DATABASE_KINDS)('path traversal attempts on %s', (kind) => {
  let server: TestServer;
  let outside: string;

  beforeAll(async () => {
    outside = createLibrary();
    writeFileSync(join(outside, 'secret.txt'), SECRET);
    const library = join(outside, 'library');
    mkdirSync(library);
    server = await startTestServer(kind, { SASAYAKI_LIBRARY: library });
    await addWork(server.ctx.database.db, library, {
      id: 123456,
      dir: 'RJ123456',
      files: [{ path: 'a.mp3', content: 'audio' }],
    });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(outside, { recursive: true, force: true });
  });

  async function expectRefused(url: string): Promise<void> {
    const response = await server.app.inject({ method: 'GET', url });
    expect(response.body, url).not.toContain(SECRET);
    expect(response.body, url).not.toContain('root:');
    // Literal `..` segments (and `\` read as `/`) are resolved by the URL parser before routing: such a
    // URL leaves the media routes altogether (and may reach the web app), so only the secret's absence is
    // checked.
    if (/[\\/]\.\.([\\/]|$)/.test(url.split('?')[0] ?? '')) return;
    expect([400, 404], url).toContain(response.statusCode);
    expect(response.json(), url).toHaveProperty('error');
  }

  it('refuses traversal in the work id of every media route', async () => {
    for (const attack of ATTACKS) {
      for (const route of ['stream', 'download', 'stream-lq', 'check-lrc']) {
        await expectRefused(`/api/media/${route}/${attack}/0`);
      }
      await expectRefused(`/api/media/download-work/${attack}`);
    }
  });

  it('refuses traversal in the file id of every media route', async () => {
    for (const attack of ATTACKS) {
      for (const route of ['stream', 'download', 'stream-lq', 'check-lrc']) {
        await expectRefused(`/api/media/${route}/123456/${attack}`);
      }
    }
  });

  it('refuses traversal in the cover id and type', async () => {
    for (const attack of ATTACKS) {
      await expectRefused(`/api/cover/${attack}`);
      await expectRefused(`/api/cover/${attack}.jpg`);
      await expectRefused(`/api/cover/123456.jpg?type=${attack}`);
      await expectRefused(`/api/cover/123456.jpg?type=main${attack}`);
    }
    await expectRefused('/api/cover/123456.jpg?type=../../etc/passwd');
    await expectRefused('/api/cover/123456.jpg?type=%2e%2e%2f%2e%2e%2fsecret');
  });

  it('refuses traversal in the ZIP folder path', async () => {
    for (const path of [
      ['..'],
      ['..', '..'],
      ['../..'],
      ['/etc'],
      ['..\\..'],
      ['RJ123456', '..'],
      ['%2e%2e'],
      ['\u0000'],
      ['a.mp3'],
    ]) {
      await expectRefused(`/api/media/download-work/123456?path=${encodeURIComponent(JSON.stringify(path))}`);
    }
    await expectRefused('/api/media/download-work/123456?path=..%2f..');
  });

  it('still serves the real file, so the refusals above are not an accident', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/media/stream/123456/0' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('audio');
  });
});

/**
 * The library is scanned, then files and folders are swapped for symbolic links to places outside it (a
 * secret file beside it, the server's own token signing key): the index still holds the old names, so
 * every route would open the link's target by name. Nothing outside may ever be served, and each refusal
 * is a 404 in the contract's shape, never a 500.
 */
describe.each(DATABASE_KINDS)('links swapped in after the scan on %s', (kind) => {
  let server: TestServer;
  let base: string;
  let library: string;
  let signingKey: string;
  const get = (url: string) => server.app.inject({ method: 'GET', url });
  const fileId = async (workId: number, path: string) =>
    (
      await server.ctx.database.db
        .selectFrom('files')
        .select('file_id')
        .where('work_id', '=', workId)
        .where('path', '=', path)
        .executeTakeFirstOrThrow()
    ).file_id;

  beforeAll(async () => {
    base = mkdtempSync(join(tmpdir(), 'sasayaki-swap-'));
    library = join(base, 'library');
    const outside = join(base, 'outside');
    const work1 = join(library, 'RJ300001');
    mkdirSync(join(library, 'RJ300002'), { recursive: true });
    mkdirSync(join(library, 'RJ300003', 'disc'), { recursive: true });
    mkdirSync(work1, { recursive: true });
    mkdirSync(join(library, 'RJ300004'), { recursive: true });
    mkdirSync(join(outside, 'work'), { recursive: true });
    mkdirSync(join(outside, 'disc'), { recursive: true });
    writeTone(join(work1, '01 track.wav'), 1);
    writeTone(join(work1, '02 track.wav'), 1);
    writeFileSync(join(work1, '01 track.lrc'), '[00:00.00]hello');
    writeFileSync(join(work1, 'notes.txt'), 'notes');
    writeFileSync(join(work1, 'cover.png'), await png());
    writeFileSync(join(library, 'RJ300002', 'a.wav'), wav(0.2));
    writeFileSync(join(library, 'RJ300002', 'b.txt'), 'b');
    writeFileSync(join(library, 'RJ300003', 'disc', 'c.wav'), wav(0.2));
    // A link that stays inside the library is indexed by the scanner, and served like any file.
    writeFileSync(join(library, 'RJ300004', 'own.txt'), 'inside');
    symlinkSync(join(work1, '02 track.wav'), join(library, 'RJ300004', 'linked.wav'));

    writeFileSync(join(outside, 'secret.txt'), SECRET);
    writeFileSync(join(outside, 'secret.wav'), wav(0.2, { album: SECRET }));
    writeFileSync(join(outside, 'work', 'a.wav'), wav(0.2, { album: SECRET }));
    writeFileSync(join(outside, 'work', 'b.txt'), SECRET);
    writeFileSync(join(outside, 'disc', 'c.wav'), wav(0.2, { album: SECRET }));

    server = await startTestServer(kind, { SASAYAKI_LIBRARY: library });
    signingKey = readFileSync(join(server.dataDir, 'secrets', 'token.key'), 'utf8');
    expect((await server.ctx.scans.run('incremental')).status).toBe('finished');

    // Streamed once before the swap: its shared descriptor is open when the link replaces the file.
    const primed = await get(`/api/media/stream/300001/${await fileId(300001, '01 track.wav')}`);
    expect(primed.statusCode).toBe(200);

    replaceWithLink(join(work1, '01 track.wav'), join(outside, 'secret.wav'));
    replaceWithLink(join(work1, 'notes.txt'), join(outside, 'secret.txt'));
    replaceWithLink(join(work1, '01 track.lrc'), join(server.dataDir, 'secrets', 'token.key'));
    replaceWithLink(join(library, 'RJ300002'), join(outside, 'work'));
    replaceWithLink(join(library, 'RJ300003', 'disc'), join(outside, 'disc'));
    // Past the half second a shared descriptor is trusted for without looking at its path again.
    await sleep(600);
  });
  afterAll(async () => {
    await server?.close();
    rmSync(base, { recursive: true, force: true });
  });

  function expectNothingOutside(url: string, body: string): void {
    expect(body, url).not.toContain(SECRET);
    expect(body, url).not.toContain(signingKey);
  }

  async function expectNotFound(url: string): Promise<void> {
    const response = await get(url);
    expectNothingOutside(url, response.body);
    expect(response.statusCode, url).toBe(404);
    expect(response.json(), url).toHaveProperty('error');
  }

  it('refuses to stream or download a file, a work folder or a parent folder swapped for a link out', async () => {
    const swapped: Array<[number, string]> = [
      [300001, '01 track.wav'],
      [300001, 'notes.txt'],
      [300001, '01 track.lrc'],
      [300002, 'a.wav'],
      [300002, 'b.txt'],
      [300003, 'disc/c.wav'],
    ];
    for (const [workId, path] of swapped) {
      const id = await fileId(workId, path);
      for (const route of ['stream', 'download']) await expectNotFound(`/api/media/${route}/${workId}/${id}`);
    }
  });

  it('refuses a low-bitrate stream of a swapped file, and still makes one of a file left alone', async () => {
    if (!server.ctx.transcoder.available) return;
    await expectNotFound(`/api/media/stream-lq/300001/${await fileId(300001, '01 track.wav')}?format=webm`);
    const kept = await get(`/api/media/stream-lq/300001/${await fileId(300001, '02 track.wav')}?format=webm`);
    expect(kept.statusCode).toBe(200);
  });

  it('leaves swapped files out of ZIPs', async () => {
    // RJ300001 keeps files of its own: a ZIP of those. Every file of RJ300002 and RJ300003 was swapped
    // out, so nothing is left to send: 404, as for a work whose files are all gone (media-archive.test).
    const expected: Array<[number, number]> = [
      [300001, 200],
      [300002, 404],
      [300003, 404],
    ];
    for (const [workId, status] of expected) {
      const url = `/api/media/download-work/${workId}`;
      const response = await get(url);
      expectNothingOutside(url, response.rawPayload.toString('latin1'));
      expect(response.statusCode, url).toBe(status);
    }
  });

  it('answers check-lrc and covers without reading through the links', async () => {
    const check = await get(`/api/media/check-lrc/300001/${await fileId(300001, '01 track.wav')}`);
    expect(check.statusCode).toBe(200);
    expectNothingOutside('check-lrc', check.body);
    const cover = await get('/api/cover/300001?type=main');
    expect(cover.statusCode).toBe(200);
    expectNothingOutside('cover', cover.rawPayload.toString('latin1'));
  });

  it('reads nothing outside when the library is scanned again', async () => {
    const again = await server.ctx.scans.run('full');
    expect(again.status).toBe('finished');
    const tags = await server.ctx.database.db.selectFrom('works').select(['title', 'search_text']).execute();
    for (const row of tags) expectNothingOutside('scan', JSON.stringify(row));
  });

  it('still serves files and links that stay inside the library', async () => {
    const own = await get(`/api/media/stream/300004/${await fileId(300004, 'own.txt')}`);
    expect(own.body).toBe('inside');
    const linked = await get(`/api/media/stream/300004/${await fileId(300004, 'linked.wav')}`);
    expect(linked.statusCode).toBe(200);
    expect(linked.rawPayload.equals(readFileSync(join(library, 'RJ300001', '02 track.wav')))).toBe(true);
  });
});
