import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TrackFile, TrackNode } from '@sasayaki/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWorks } from '../helpers/catalogue-factory.js';
import { countingSpawn, mp4Boxes, probe, writeTone } from '../helpers/ffmpeg-tools.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../helpers/test-context.js';

const WORK = 123456;
let library: string;
let scratch: string;

function flatten(nodes: TrackNode[]): TrackFile[] {
  return nodes.flatMap((node) => (node.type === 'folder' ? flatten(node.children) : [node as TrackFile]));
}

beforeAll(() => {
  library = mkdtempSync(join(tmpdir(), 'sasayaki-transcode-lib-'));
  scratch = mkdtempSync(join(tmpdir(), 'sasayaki-transcode-out-'));
  const dir = join(library, 'RJ123456');
  mkdirSync(join(dir, 'disc 1'), { recursive: true });
  writeTone(join(dir, 'disc 1', 'long.wav'), 8);
  writeTone(join(dir, 'tone.wav'), 2, 550);
  writeTone(join(dir, 'shared.wav'), 2, 660);
  writeTone(join(dir, 'hint.wav'), 2, 770);
  writeFileSync(join(dir, 'broken.flac'), Buffer.from('fLaC no frames here, only words '.repeat(40)));
});
afterAll(() => {
  rmSync(library, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
});

// ffmpeg start-up alone takes half a second on a busy machine: generous time limits.
describe.each(DATABASE_KINDS)('low-bitrate streams on %s', { timeout: 30_000 }, (kind) => {
  let server: TestServer;
  const spawns = countingSpawn({ readrate: 8 });
  const url = (fileId: number, query = '') => `/api/media/stream-lq/${WORK}/${fileId}${query}`;
  const get = (fileId: number, headers: Record<string, string> = {}, query = '') =>
    server.app.inject({ method: 'GET', url: url(fileId, query), headers });

  beforeAll(async () => {
    server = await startTestServer(kind, { SASAYAKI_LIBRARY: library });
    server.ctx.transcoder.spawnProcess = spawns.spawn;
    await insertWorks(server.ctx.database.db, [
      {
        id: WORK,
        title: 'Transcode work',
        rootDir: library,
        files: [
          { path: 'disc 1/long.wav', type: 'audio' }, // 0: no bitrate known, WAV
          { path: 'tone.wav', type: 'audio', bitrate: 1_411_200 }, // 1
          { path: 'shared.wav', type: 'audio' }, // 2
          { path: 'hint.wav', type: 'audio' }, // 3
          { path: 'broken.flac', type: 'audio' }, // 4
          { path: 'light.mp3', type: 'audio', bitrate: 128_000 }, // 5: already light
          { path: 'heavy.mp3', type: 'audio', bitrate: 320_000 }, // 6
          { path: 'unknown.m4a', type: 'audio' }, // 7
          { path: 'words.lrc', type: 'text' }, // 8
          { path: 'album.ape', type: 'audio' }, // 9
        ],
      },
    ]);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('gives streamLowQualityUrl to qualifying audio files only', async () => {
    const response = await server.app.inject({ method: 'GET', url: `/api/tracks/${WORK}` });
    expect(response.statusCode).toBe(200);
    const urls = Object.fromEntries(
      flatten(response.json() as TrackNode[]).map((file) => [file.title, file.streamLowQualityUrl]),
    );
    expect(urls).toEqual({
      'long.wav': `/api/media/stream-lq/${WORK}/0`,
      'tone.wav': `/api/media/stream-lq/${WORK}/1`,
      'shared.wav': `/api/media/stream-lq/${WORK}/2`,
      'hint.wav': `/api/media/stream-lq/${WORK}/3`,
      'broken.flac': `/api/media/stream-lq/${WORK}/4`,
      'light.mp3': undefined,
      'heavy.mp3': `/api/media/stream-lq/${WORK}/6`,
      'unknown.m4a': undefined,
      'words.lrc': undefined,
      'album.ape': `/api/media/stream-lq/${WORK}/9`,
    });
    expect((await get(5)).statusCode).toBe(404);
    expect((await get(8)).json()).toEqual({ error: 'This file has no low-bitrate stream' });
    expect((await get(77)).statusCode).toBe(404);
  });

  it('streams the growing file while transcoding, and the result decodes', async () => {
    const before = spawns.calls.length;
    const response = await get(0, { range: 'bytes=0-' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('audio/webm');
    expect(response.headers['accept-ranges']).toBe('none');
    expect(response.headers['content-length']).toBeUndefined();
    expect(response.headers.vary).toBe('Accept');
    const out = join(scratch, `growing-${kind}.webm`);
    writeFileSync(out, response.rawPayload);
    const seen = probe(out);
    expect(seen.codec).toBe('opus');
    expect(spawns.calls.length).toBe(before + 1);
    expect(spawns.calls.at(-1)).not.toContain(join(library, 'RJ123456', 'disc 1', 'long.wav'));
  });

  it('serves a finished file from the cache with ranges and validators', async () => {
    const before = spawns.calls.length;
    const full = await get(0);
    expect(full.statusCode).toBe(200);
    expect(full.headers['accept-ranges']).toBe('bytes');
    expect(Number(full.headers['content-length'])).toBe(full.rawPayload.length);
    expect(full.headers.etag).toBeTruthy();
    const out = join(scratch, `cached-${kind}.webm`);
    writeFileSync(out, full.rawPayload);
    expect(probe(out).duration).toBeCloseTo(8, 0);
    const part = await get(0, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${full.rawPayload.length}`);
    expect(part.rawPayload.equals(full.rawPayload.subarray(100, 200))).toBe(true);
    const again = await get(0, { 'if-none-match': String(full.headers.etag) });
    expect(again.statusCode).toBe(304);
    const head = await server.app.inject({ method: 'HEAD', url: url(0) });
    expect(head.headers['content-length']).toBe(String(full.rawPayload.length));
    expect(spawns.calls.length).toBe(before);
  });

  it('streams a long M4A as fragments while transcoding, then caches a plain MP4 with ranges', async () => {
    const before = spawns.calls.length;
    const growing = await get(0, { range: 'bytes=0-' }, '?format=m4a');
    expect(growing.statusCode).toBe(200);
    expect(growing.headers['content-type']).toBe('audio/mp4');
    expect(growing.headers['accept-ranges']).toBe('none');
    expect(growing.headers['content-length']).toBeUndefined();
    expect(mp4Boxes(growing.rawPayload).slice(0, 4)).toEqual(['ftyp', 'moov', 'moof', 'mdat']);
    const streamed = join(scratch, `growing-${kind}.m4a`);
    writeFileSync(streamed, growing.rawPayload);
    expect(probe(streamed)).toMatchObject({ codec: 'aac' });
    expect(probe(streamed).duration).toBeCloseTo(8, 0);
    expect(spawns.calls.length).toBe(before + 1);

    const cached = await get(0, {}, '?format=m4a');
    expect(cached.headers['accept-ranges']).toBe('bytes');
    expect(Number(cached.headers['content-length'])).toBe(cached.rawPayload.length);
    const boxes = mp4Boxes(cached.rawPayload);
    expect(boxes).not.toContain('moof');
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    expect(spawns.calls.length).toBe(before + 1);
  });

  it('makes AAC in M4A on request or for an Accept header without audio/webm, whole and with ranges', async () => {
    const byQuery = await get(1, {}, '?format=m4a');
    expect(byQuery.statusCode).toBe(200);
    expect(byQuery.headers['content-type']).toBe('audio/mp4');
    expect(byQuery.headers.vary).toBeUndefined();
    const out = join(scratch, `aac-${kind}.m4a`);
    writeFileSync(out, byQuery.rawPayload);
    expect(probe(out)).toMatchObject({ codec: 'aac' });
    const byAccept = await get(1, { accept: 'audio/mp4, audio/mpeg;q=0.9, */*;q=0.5', range: 'bytes=0-9' });
    expect(byAccept.statusCode).toBe(206);
    expect(byAccept.headers['content-type']).toBe('audio/mp4');
    expect(byAccept.headers.vary).toBe('Accept');
  });

  it('shares one transcode between two simultaneous requests', async () => {
    const before = spawns.calls.length;
    const [a, b] = await Promise.all([get(2), get(2)]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(spawns.calls.length).toBe(before + 1);
    expect(a.rawPayload.length).toBeGreaterThan(1000);
    expect(b.rawPayload.length).toBeGreaterThan(1000);
  });

  it('answers a corrupt file with 422 and the reason, and does not try again', async () => {
    const before = spawns.calls.length;
    const first = await get(4);
    expect(first.statusCode).toBe(422);
    expect(first.json().error).toMatch(/^Cannot transcode this file: \S/);
    const second = await get(4);
    expect(second.statusCode).toBe(422);
    expect(second.json()).toEqual(first.json());
    expect(spawns.calls.length).toBe(before + 1);
  });

  it('starts a background transcode on OPTIONS and answers 204 at once', async () => {
    const before = spawns.calls.length;
    const started = Date.now();
    const hint = await server.app.inject({ method: 'OPTIONS', url: url(3) });
    expect(hint.statusCode).toBe(204);
    expect(Date.now() - started).toBeLessThan(500);
    for (const junk of [
      '/api/media/stream-lq/nonsense/1',
      `/api/media/stream-lq/${WORK}/x`,
      url(99),
      url(5),
    ]) {
      expect((await server.app.inject({ method: 'OPTIONS', url: junk })).statusCode).toBe(204);
    }
    const cache = join(server.dataDir, 'transcodes');
    const deadline = Date.now() + 20_000;
    const made = () => readdirSync(cache).some((name) => /^123456-3-.*\.webm$/.test(name));
    while (!made() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(made()).toBe(true);
    expect(spawns.calls.length).toBe(before + 1);
    const served = await get(3);
    expect(served.headers['accept-ranges']).toBe('bytes');
    expect(spawns.calls.length).toBe(before + 1);
    for (const name of readdirSync(cache)) expect(statSync(join(cache, name)).isFile()).toBe(true);
  });
});

describe.each(DATABASE_KINDS)('low-bitrate streams without ffmpeg on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, {
      SASAYAKI_LIBRARY: library,
      FFMPEG_PATH: join(tmpdir(), 'no-such-ffmpeg', 'ffmpeg'),
    });
    await insertWorks(server.ctx.database.db, [
      { id: WORK, title: 'No ffmpeg', rootDir: library, files: [{ path: 'tone.wav', type: 'audio' }] },
    ]);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('has no streamLowQualityUrl and answers 404 on stream-lq', async () => {
    const tracks = await server.app.inject({ method: 'GET', url: `/api/tracks/${WORK}` });
    const [file] = flatten(tracks.json() as TrackNode[]);
    expect(file?.title).toBe('tone.wav');
    expect(file?.streamLowQualityUrl).toBeUndefined();
    const response = await server.app.inject({ method: 'GET', url: `/api/media/stream-lq/${WORK}/0` });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatch(/ffmpeg is not installed/);
    const hint = await server.app.inject({ method: 'OPTIONS', url: `/api/media/stream-lq/${WORK}/0` });
    expect(hint.statusCode).toBe(204);
  });
});
