import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cacheName } from '../../../src/media/transcode-cache.js';
import { TranscodeFailed, Transcoder, type TranscoderOptions } from '../../../src/media/transcoder.js';
import { countingSpawn, mp4Boxes, probe, writeTone } from '../../helpers/ffmpeg-tools.js';

const logger = pino({ level: 'silent' });
let dir: string;
const sources: string[] = [];
const open: Transcoder[] = [];

async function transcoder(options: Partial<TranscoderOptions> & { cacheDir: string }): Promise<Transcoder> {
  const made = new Transcoder({
    ffmpegPath: 'ffmpeg',
    maxConcurrent: 2,
    cacheBytes: 1 << 30,
    logger,
    ...options,
  });
  await made.start();
  open.push(made);
  return made;
}

async function finished(t: Transcoder, fileId: number, format: 'webm' | 'm4a' = 'webm'): Promise<string> {
  const prepared = await t.prepare({ workId: 1, fileId, path: sources[fileId] as string, root: dir }, format);
  return prepared.kind === 'ready' ? prepared.path : prepared.job.done;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sasayaki-transcoder-'));
  for (let i = 0; i < 3; i++) {
    const path = join(dir, `tone-${i}.wav`);
    writeTone(path, 3, 300 + i * 100);
    sources.push(path);
  }
  const broken = join(dir, 'broken.flac');
  writeFileSync(broken, Buffer.from('fLaC this is not really a FLAC file at all'.repeat(50)));
  sources.push(broken);
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((t) => t.close()));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cacheDirFor = (name: string) => join(dir, name);
/** How versions before instance ids named this host in lock and temporary files. */
const THIS_HOST_TAG = createHash('sha256').update(hostname()).digest('hex').slice(0, 8);

/** The cache key fields of a source file (work 1). */
function keyOf(fileId: number) {
  const stats = statSync(sources[fileId] as string);
  return { workId: 1, fileId, size: stats.size, mtimeMs: stats.mtimeMs };
}

// ffmpeg start-up alone takes half a second on a busy machine: generous time limits.
describe('Transcoder with real ffmpeg', { timeout: 30_000 }, () => {
  it('shares one transcode between concurrent requests and serves the cache afterwards', async () => {
    const spawns = countingSpawn();
    const t = await transcoder({ cacheDir: cacheDirFor('shared'), spawn: spawns.spawn });
    const source = { workId: 1, fileId: 0, path: sources[0] as string, root: dir };
    const [a, b] = await Promise.all([t.prepare(source, 'webm'), t.prepare(source, 'webm')]);
    expect(a.kind).toBe('job');
    expect(b).toEqual(a);
    const path = a.kind === 'job' ? await a.job.done : '';
    expect(spawns.calls).toHaveLength(1);
    expect(probe(path)).toMatchObject({ codec: 'opus' });
    expect((await t.prepare(source, 'webm')).kind).toBe('ready');
    expect(spawns.calls).toHaveLength(1);
    // Another format is another file.
    expect(probe(await finished(t, 0, 'm4a'))).toMatchObject({ codec: 'aac' });
    expect(spawns.calls).toHaveLength(2);
  });

  it('streams an M4A as fragments while it is made, and caches a plain MP4 with its index first', async () => {
    // A cache path with the tee muxer's separators and a quote in it: ffmpeg still gets both file names.
    const cacheDir = cacheDirFor("it's [odd] | dir");
    // Slowed to twice real time: the 3 s tone takes 1.5 s, so the first fragments come while it runs.
    const t = await transcoder({ cacheDir, spawn: countingSpawn({ readrate: 2 }).spawn });
    const prepared = await t.prepare({ workId: 1, fileId: 2, path: sources[2] as string, root: dir }, 'm4a');
    if (prepared.kind !== 'job') throw new Error('expected a job');
    const { job } = prepared;
    const handle = await t.waitForOutput(job);
    if (!handle) throw new Error('expected the growing file');
    const chunks: Buffer[] = [];
    let fragmentWhileRunning = false;
    for await (const chunk of t.followGrowing(handle, job)) {
      chunks.push(chunk as Buffer);
      if (!job.settled && mp4Boxes(Buffer.concat(chunks)).includes('mdat')) fragmentWhileRunning = true;
    }
    expect(fragmentWhileRunning).toBe(true);
    const streamed = Buffer.concat(chunks);
    expect(mp4Boxes(streamed).slice(0, 4)).toEqual(['ftyp', 'moov', 'moof', 'mdat']);
    const streamedCopy = join(dir, 'streamed.m4a');
    writeFileSync(streamedCopy, streamed);
    expect(probe(streamedCopy).codec).toBe('aac');
    expect(probe(streamedCopy).duration).toBeCloseTo(3, 0);

    const cached = await job.done;
    expect(probe(cached)).toMatchObject({ codec: 'aac' });
    expect(probe(cached).duration).toBeCloseTo(3, 0);
    const boxes = mp4Boxes(readFileSync(cached));
    expect(boxes).not.toContain('moof');
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    expect(readdirSync(cacheDir)).toEqual([cacheName({ ...keyOf(2), format: 'm4a' })]);
  });

  it('runs at most maxConcurrent ffmpeg processes; the others wait', async () => {
    const spawns = countingSpawn();
    const t = await transcoder({ cacheDir: cacheDirFor('limit'), maxConcurrent: 1, spawn: spawns.spawn });
    const paths = await Promise.all([0, 1, 2].map((fileId) => finished(t, fileId)));
    expect(new Set(paths).size).toBe(3);
    expect(spawns.calls).toHaveLength(3);
    expect(spawns.maxLive).toBe(1);
  });

  it("a listener's transcode never waits behind prefetch hints'; a listener joining a waiting hint starts it", async () => {
    // Slowed to twice real time: each 3 s tone takes about 1.5 s, long enough to look at the queue.
    const spawns = countingSpawn({ readrate: 2 });
    const t = await transcoder({ cacheDir: cacheDirFor('urgent'), maxConcurrent: 1, spawn: spawns.spawn });
    // The first hint's file is longer (10 s, about 5 s to make), so it is still running at the end.
    const long = join(dir, 'long-hint.wav');
    writeTone(long, 10, 250);
    const source = (fileId: number) => ({
      workId: 1,
      fileId,
      path: fileId === 0 ? long : (sources[fileId] as string),
      root: dir,
    });
    const job = async (fileId: number, listener: boolean) => {
      const prepared = await t.prepare(source(fileId), 'webm', { listener });
      if (prepared.kind !== 'job') throw new Error('expected a job');
      return prepared.job;
    };
    const spawned = async (count: number) => {
      for (let i = 0; i < 200 && spawns.calls.length < count; i++) await sleep(10);
      return spawns.calls.length;
    };
    // Two hints: the first takes the only slot, the second waits.
    const hinted = await job(0, false);
    const queued = await job(1, false);
    expect(await spawned(1)).toBe(1);
    expect(hinted.urgent).toBe(false);
    // A listener's request for another file starts at once, beside the hint's.
    const heard = await job(2, true);
    expect(heard.urgent).toBe(true);
    expect(await spawned(2)).toBe(2);
    expect(heard.growingPath).not.toBeNull();
    expect(queued.growingPath).toBeNull();
    expect(hinted.settled).toBe(false);
    // A listener joining the waiting hint makes it urgent: it starts once the listener slot is free, not
    // after the hint that came before it.
    expect(await job(1, true)).toBe(queued);
    expect(queued.urgent).toBe(true);
    await heard.done;
    expect(await spawned(3)).toBe(3);
    expect(queued.growingPath).not.toBeNull();
    expect(hinted.settled).toBe(false);
    await Promise.all([hinted.done, queued.done]);
    expect(spawns.maxLive).toBe(2);
    for (const done of [hinted, queued, heard])
      expect(probe(await done.done)).toMatchObject({ codec: 'opus' });
  });

  it('evicts the least recently used file past the size limit, never one being served', async () => {
    const cacheDir = cacheDirFor('evict');
    const first = await transcoder({ cacheDir });
    const a = await finished(first, 0);
    const size = statSync(a).size;
    await first.close();
    // Room for two files of this size, not three.
    const t = await transcoder({ cacheDir, cacheBytes: Math.floor(size * 2.5) });
    const b = await finished(t, 1);
    utimesSync(a, new Date(Date.now() - 60_000), statSync(a).mtime);
    utimesSync(b, new Date(Date.now() - 30_000), statSync(b).mtime);
    expect(await finished(t, 0)).toBe(a); // A hit: a is now the most recently used.
    const release = t.hold(b); // b is being served.
    const c = await finished(t, 2);
    await t.close();
    expect(existsSync(c)).toBe(true);
    expect(existsSync(b)).toBe(true);
    expect(existsSync(a)).toBe(false); // the oldest not in use had to go
    release();
  });

  it('fails a corrupt file with ffmpeg reason as a 422 and does not try it again', async () => {
    const spawns = countingSpawn();
    const t = await transcoder({ cacheDir: cacheDirFor('corrupt'), spawn: spawns.spawn });
    const error = await finished(t, 3).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TranscodeFailed);
    expect((error as TranscodeFailed).statusCode).toBe(422);
    expect((error as Error).message).toMatch(/^Cannot transcode this file: \S/);
    expect((error as Error).message).not.toContain('/proc/self');
    await expect(finished(t, 3)).rejects.toThrow((error as Error).message);
    await expect(finished(t, 3, 'm4a')).rejects.toBeInstanceOf(TranscodeFailed);
    expect(spawns.calls).toHaveLength(1);
    expect(readdirSync(cacheDirFor('corrupt'))).toEqual([]);
  });

  it('kills ffmpeg when closed and leaves no temporary files', async () => {
    const spawns = countingSpawn({ readrate: 0.5 });
    const cacheDir = cacheDirFor('close');
    const t = await transcoder({ cacheDir, spawn: spawns.spawn });
    const prepared = await t.prepare({ workId: 1, fileId: 0, path: sources[0] as string, root: dir }, 'webm');
    if (prepared.kind !== 'job') throw new Error('expected a job');
    const handle = await t.waitForOutput(prepared.job);
    await handle?.close();
    const started = Date.now();
    await t.close();
    expect(Date.now() - started).toBeLessThan(2000);
    await expect(prepared.job.done).rejects.toThrow(/shutting down/);
    expect(spawns.live).toBe(0);
    expect(readdirSync(cacheDir)).toEqual([]);
  });

  it('cleans temporary files nobody wrote for a minute on start, and only those', async () => {
    const cacheDir = cacheDirFor('locks');
    mkdirSync(cacheDir, { recursive: true });
    const stale = [
      '1-9-a-b.webm.0f3c2a1e-5b7d-4c9a-8e21-6d0b9f4a7c35.part', // a process gone a while ago
      '1-8-a-b.m4a.growing.0f3c2a1e-5b7d-4c9a-8e21-6d0b9f4a7c35.part',
      '1-7-a-b.webm.0badc0de-4242.part', // left by a version that named files by host and PID
    ];
    // Another server sharing the folder, writing right now: its PID means nothing here (another
    // container may reuse it), so only the age tells, and its file is fresh.
    const fresh = [
      '1-6-a-b.webm.7d1e9c4b-2f8a-4b6d-9c3e-1a5f7e2d8b90.part',
      `1-5-a-b.webm.${THIS_HOST_TAG}-999999999.part`,
    ];
    for (const name of [...stale, ...fresh]) writeFileSync(join(cacheDir, name), 'x');
    const old = new Date(Date.now() - 120_000);
    for (const name of stale) utimesSync(join(cacheDir, name), old, old);
    writeFileSync(join(cacheDir, 'kept.webm'), 'finished files stay');

    await transcoder({ cacheDir });
    expect(readdirSync(cacheDir).sort()).toEqual([...fresh, 'kept.webm'].sort());
  });

  it('waits for the output of another process that holds the lock, without running ffmpeg', async () => {
    const made = await finished(await transcoder({ cacheDir: cacheDirFor('elsewhere') }), 1);
    const cacheDir = cacheDirFor('foreign');
    const spawns = countingSpawn();
    const t = await transcoder({ cacheDir, spawn: spawns.spawn, pollMs: 20 });
    const name = cacheName({ ...keyOf(1), format: 'webm' });
    // Another server's lock, fresh: respected whatever it names (this one, as an older version wrote it,
    // names this host and a PID that does not exist here, as another container's would not).
    writeFileSync(join(cacheDir, `${name}.lock`), JSON.stringify({ host: THIS_HOST_TAG, pid: 999_999_999 }));
    const prepared = await t.prepare({ workId: 1, fileId: 1, path: sources[1] as string, root: dir }, 'webm');
    if (prepared.kind !== 'job') throw new Error('expected a job');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(prepared.job.settled).toBe(false);
    expect(prepared.job.growingPath).toBeNull();
    copyFileSync(made, join(cacheDir, `${name}.tmp`));
    renameSync(join(cacheDir, `${name}.tmp`), join(cacheDir, name));
    rmSync(join(cacheDir, `${name}.lock`));
    expect(await t.waitForOutput(prepared.job)).toBeNull();
    expect(await prepared.job.done).toBe(join(cacheDir, name));
    expect(spawns.calls).toHaveLength(0);
  });
});
