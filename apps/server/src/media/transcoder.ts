import { type ChildProcess, spawn as nodeSpawn, type SpawnOptions } from 'node:child_process';
import { close } from 'node:fs';
import { type FileHandle, open, rename, rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { AppError, NotFound } from '../errors.js';
import { openLibraryFile } from './library-file.js';
import {
  LOW_BITRATE_KBPS,
  lastErrorLine,
  stdinInput,
  type TranscodeFormat,
  transcodeArgs,
} from './transcode-args.js';
import { type CacheKey, cacheName, TranscodeCache } from './transcode-cache.js';

/** How ffmpeg is started; tests pass their own to count or slow down processes. */
export type SpawnAdapter = (command: string, args: string[], options: SpawnOptions) => ChildProcess;

/** A file ffmpeg cannot read: the file's fault, not the server's (422), with ffmpeg's reason. */
export class TranscodeFailed extends AppError {
  constructor(reason: string) {
    super(422, `Cannot transcode this file: ${reason}`);
  }
}

export interface TranscoderOptions {
  ffmpegPath: string;
  /** `<data>/transcodes`. */
  cacheDir: string;
  maxConcurrent: number;
  cacheBytes: number;
  /** The streams' bitrate at start (LOW_BITRATE_KBPS when left out); `setBitrate` changes it. */
  bitrateKbps?: number;
  logger: Pick<Logger, 'info' | 'warn' | 'error' | 'debug'>;
  spawn?: SpawnAdapter;
  /** How long a failed transcode is answered from memory instead of being tried again. */
  failureMemoryMs?: number;
  /** How often a growing file or another process's lock is looked at. */
  pollMs?: number;
  now?: () => number;
}

/** One library file to transcode; the path was rebuilt by the media service from the index. */
export interface TranscodeSource {
  workId: number;
  fileId: number;
  path: string | Buffer;
  /** Its library folder: the file must really lie inside it when it is opened (library-file.ts). */
  root: string;
}

/** A transcode under way (or waiting for a slot, or for another process's). */
export interface TranscodeJob {
  readonly name: string;
  readonly format: TranscodeFormat;
  readonly finalPath: string;
  /**
   * The file a listener reads while this process's ffmpeg writes (the temporary output itself for WebM,
   * its fragmented copy for M4A); null before it starts, or for another process's job.
   */
  growingPath: string | null;
  settled: boolean;
  /** Resolves with the finished file's path; rejects with `TranscodeFailed` or on shutdown. */
  readonly done: Promise<string>;
  /** A listener waits for it (a stream request), rather than only a prefetch hint. */
  urgent: boolean;
}

export interface PrepareOptions {
  /**
   * True for a stream request (someone is waiting to hear it): its transcode never queues behind jobs
   * started by prefetch hints. False (the default) for hints.
   */
  listener?: boolean;
}

export type Prepared = { kind: 'ready'; path: string } | { kind: 'job'; job: TranscodeJob };

const LOCK_REFRESH_MS = 10_000;
const STDERR_KEEP = 8192;
const READ_CHUNK = 64 * 1024;

class ShutDown extends Error {
  constructor() {
    super('The server is shutting down');
  }
}

/** Whether a listener is waiting for a job (a stream request), or it is only a prefetch hint's. */
interface Urgency {
  urgent: boolean;
}

/**
 * Process slots, first come first served, in two classes. Prefetch hints' jobs run while fewer than
 * `size` processes run in all. A job a listener waits for only waits for other listeners' jobs (fewer
 * than `size` of those at once): hints never delay the first bytes of a stream, at the price of up to
 * `size` extra processes while both kinds run. A waiting hint's job turns urgent when a listener joins
 * it (`pump` again).
 */
class Slots {
  private background = 0;
  private urgent = 0;
  private readonly waiting: Array<{
    job: Urgency;
    grant: (release: () => void) => void;
    refuse: (error: Error) => void;
  }> = [];
  constructor(private readonly size: number) {}

  acquire(job: Urgency): Promise<() => void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ job, grant: resolve, refuse: reject });
      this.pump();
    });
  }

  /** Starts every waiting job its class has room for, in order. */
  pump(): void {
    for (let i = 0; i < this.waiting.length; ) {
      const entry = this.waiting[i] as (typeof this.waiting)[number];
      const urgent = entry.job.urgent;
      const room = urgent ? this.urgent < this.size : this.background + this.urgent < this.size;
      if (!room) {
        i++;
        continue;
      }
      this.waiting.splice(i, 1);
      if (urgent) this.urgent++;
      else this.background++;
      let released = false;
      entry.grant(() => {
        if (released) return;
        released = true;
        if (urgent) this.urgent--;
        else this.background--;
        this.pump();
      });
    }
  }

  refuseWaiting(error: Error): void {
    for (const waiter of this.waiting.splice(0)) waiter.refuse(error);
  }
}

/** Spawns `ffmpeg -version`; true when it runs and exits cleanly within the time limit. */
export function probeFfmpeg(
  path: string,
  spawn: SpawnAdapter = nodeSpawn,
  timeoutMs = 5000,
): Promise<boolean> {
  return new Promise((resolve) => {
    let child: ChildProcess;
    try {
      child = spawn(path, ['-hide_banner', '-version'], { stdio: 'ignore' });
    } catch {
      resolve(false);
      return;
    }
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve(false);
    }, timeoutMs);
    child.once('error', () => {
      clearTimeout(timer);
      resolve(false);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code === 0);
    });
  });
}

/**
 * Makes and caches low-bitrate copies (contract section 7). One job per cache name in this process (the
 * `jobs` map) and per cache folder across processes (a `wx` lock file); at most `maxConcurrent` ffmpeg
 * processes at once for prefetch hints, and as many again for stream requests, which never wait behind
 * hints (`Slots`); a started transcode finishes for the cache even when its requester goes away, and
 * is only killed when the server closes. Failures are remembered (file id, size, modification time) for
 * `failureMemoryMs`, so a corrupt file is not tried again on every request.
 */
export class Transcoder {
  /** False until `start()` found ffmpeg; then no file has a low-bitrate stream. */
  available = false;
  /** Replaceable so tests can count or slow down ffmpeg processes. */
  spawnProcess: SpawnAdapter;
  readonly cache: TranscodeCache;
  private readonly jobs = new Map<string, TranscodeJob>();
  private readonly failures = new Map<string, { message: string; until: number }>();
  private readonly children = new Set<ChildProcess>();
  private readonly served = new Map<string, number>();
  private readonly slots: Slots;
  private evicting: Promise<void> = Promise.resolve();
  private closed = false;
  private readonly now: () => number;
  private bitrateKbps: number;

  constructor(private readonly options: TranscoderOptions) {
    this.spawnProcess = options.spawn ?? nodeSpawn;
    this.cache = new TranscodeCache(options.cacheDir, options.cacheBytes);
    this.bitrateKbps = options.bitrateKbps ?? LOW_BITRATE_KBPS;
    this.slots = new Slots(Math.max(1, options.maxConcurrent));
    this.now = options.now ?? Date.now;
  }

  /** Probes ffmpeg once, prepares the cache folder (removing what a crashed process left) and trims it. */
  async start(): Promise<void> {
    this.available = await probeFfmpeg(this.options.ffmpegPath, this.spawnProcess);
    if (!this.available) {
      this.options.logger.warn(
        { ffmpegPath: this.options.ffmpegPath },
        'ffmpeg not found: low-bitrate streams are off',
      );
      return;
    }
    await this.cache.start();
    await this.evict();
  }

  /** New streams are made at this bitrate (the files made at another stay until evicted). */
  setBitrate(kbps: number): void {
    this.bitrateKbps = kbps;
  }

  /** A new size limit for the cache folder, applied at once (a smaller one evicts now). */
  async setCacheBytes(bytes: number): Promise<void> {
    this.cache.limitBytes = bytes;
    if (this.available) await this.evict();
  }

  /** The job running now for a cache name, if any (tests and diagnostics). */
  get runningJobs(): number {
    return this.jobs.size;
  }

  /**
   * The cached file when it exists, otherwise the job making it (started here, or joined). Throws
   * `NotFound` when the source is gone and `TranscodeFailed` when it recently failed.
   */
  async prepare(
    source: TranscodeSource,
    format: TranscodeFormat,
    options: PrepareOptions = {},
  ): Promise<Prepared> {
    const listener = options.listener === true;
    if (!this.available) throw new NotFound('Low-bitrate streams are off: ffmpeg is not available');
    if (this.closed) throw new ShutDown();
    const { fd, stats } = await openLibraryFile(source.path, source.root);
    close(fd, () => {});
    const key: CacheKey = {
      ...source,
      size: stats.size,
      mtimeMs: stats.mtimeMs,
      format,
      bitrateKbps: this.bitrateKbps,
    };
    const failure = this.failures.get(failureKey(key));
    if (failure && failure.until > this.now()) throw new TranscodeFailed(failure.message);

    const name = cacheName(key);
    const running = this.jobs.get(name);
    if (running) return { kind: 'job', job: this.join(running, listener) };
    const cached = await this.cache.lookup(name);
    if (cached) return { kind: 'ready', path: cached };
    const joined = this.jobs.get(name);
    if (joined) return { kind: 'job', job: this.join(joined, listener) };
    return { kind: 'job', job: this.startJob(name, key, source, listener) };
  }

  /** A listener joining a hint's job makes it urgent (it may start at once if it was waiting). */
  private join(job: TranscodeJob, listener: boolean): TranscodeJob {
    if (listener && !job.urgent) {
      job.urgent = true;
      this.slots.pump();
    }
    return job;
  }

  /** Marks a cached file as being served, so eviction leaves it alone; call the result when done. */
  hold(path: string): () => void {
    this.served.set(path, (this.served.get(path) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.served.get(path) ?? 1) - 1;
      if (left <= 0) this.served.delete(path);
      else this.served.set(path, left);
    };
  }

  /**
   * Opens the growing output of a job of this process once ffmpeg has written something. Null when the
   * job finished first (serve the finished file) or belongs to another process (wait for it); throws
   * when it failed.
   */
  async waitForOutput(job: TranscodeJob): Promise<FileHandle | null> {
    const pollMs = this.options.pollMs ?? 25;
    for (;;) {
      if (job.settled) {
        await job.done;
        return null;
      }
      const growing = job.growingPath;
      if (growing !== null) {
        const stats = await stat(growing).catch(() => null);
        if (stats && stats.size > 0) {
          const handle = await open(growing, 'r').catch(() => null);
          if (handle) return handle;
        }
      }
      await Promise.race([sleep(pollMs), job.done.catch(() => undefined)]);
    }
  }

  /**
   * The growing file as a stream: what exists, then what ffmpeg adds, until the job ends. The descriptor
   * stays valid when the finished file is renamed into place, or an M4A's fragmented copy removed. A
   * failed or killed job ends the stream with an error, which cuts the response short.
   */
  followGrowing(handle: FileHandle, job: TranscodeJob): Readable {
    const pollMs = this.options.pollMs ?? 25;
    async function* chunks(): AsyncGenerator<Buffer> {
      try {
        let position = 0;
        let drained = false;
        for (;;) {
          const buffer = Buffer.allocUnsafe(READ_CHUNK);
          const { bytesRead } = await handle.read(buffer, 0, READ_CHUNK, position);
          if (bytesRead > 0) {
            position += bytesRead;
            yield buffer.subarray(0, bytesRead);
            continue;
          }
          if (job.settled) {
            await job.done;
            if (drained) return;
            drained = true; // One more read: ffmpeg's last bytes may have landed just before the end.
            continue;
          }
          await Promise.race([sleep(pollMs), job.done.catch(() => undefined)]);
        }
      } finally {
        await handle.close();
      }
    }
    return Readable.from(chunks(), { objectMode: false });
  }

  /** Kills running ffmpeg processes, refuses queued jobs and waits until every job has cleaned up. */
  async close(): Promise<void> {
    this.closed = true;
    this.slots.refuseWaiting(new ShutDown());
    for (const child of this.children) child.kill('SIGKILL');
    await Promise.allSettled([...this.jobs.values()].map((job) => job.done));
    await this.evicting;
  }

  private startJob(name: string, key: CacheKey, source: TranscodeSource, urgent: boolean): TranscodeJob {
    const finalPath = this.cache.pathOf(name);
    const job: { -readonly [K in keyof TranscodeJob]: TranscodeJob[K] } = {
      name,
      format: key.format,
      finalPath,
      growingPath: null,
      settled: false,
      done: Promise.resolve(finalPath),
      urgent,
    };
    job.done = this.run(job, key, source).finally(() => {
      job.settled = true;
      this.jobs.delete(name);
    });
    job.done.then(
      () => this.evict(),
      () => undefined,
    );
    this.jobs.set(name, job);
    return job;
  }

  private async run(job: TranscodeJob, key: CacheKey, source: TranscodeSource): Promise<string> {
    const pollMs = this.options.pollMs ?? 25;
    // Another process may hold the lock: its finished file is ours too.
    for (;;) {
      if (this.closed) throw new ShutDown();
      if (await this.cache.lookup(job.name)) return job.finalPath;
      if (await this.cache.tryLock(job.name)) break;
      await sleep(Math.max(pollMs, 200));
    }
    const heartbeat = setInterval(() => void this.cache.refreshLock(job.name), LOCK_REFRESH_MS);
    heartbeat.unref();
    try {
      if (await this.cache.lookup(job.name)) return job.finalPath;
      const release = await this.slots.acquire(job);
      try {
        if (this.closed) throw new ShutDown();
        const started = this.now();
        await this.transcode(job, key, source);
        this.options.logger.info(
          { file: `${key.workId}/${key.fileId}`, format: key.format, ms: this.now() - started },
          'low-bitrate file made',
        );
      } finally {
        release();
      }
      return job.finalPath;
    } finally {
      clearInterval(heartbeat);
      await this.cache.unlock(job.name);
    }
  }

  private async transcode(job: TranscodeJob, key: CacheKey, source: TranscodeSource): Promise<void> {
    // ffmpeg never opens the library path by name: it reads the descriptor checked here (stdin).
    const { fd } = await openLibraryFile(source.path, source.root);
    const part = this.cache.partPathOf(job.name);
    const growing = key.format === 'webm' ? part : this.cache.growingPathOf(job.name);
    // The fragmented copy only serves listeners while ffmpeg runs: their open descriptors outlive it.
    const removeTemporary = () => Promise.all([rm(part, { force: true }), rm(growing, { force: true })]);
    const input = stdinInput();
    let stderr = '';
    let exit: { code: number | null; signal: NodeJS.Signals | null };
    try {
      await removeTemporary();
      job.growingPath = growing;
      const child = this.spawnProcess(
        this.options.ffmpegPath,
        transcodeArgs({ input, output: part, growing, format: key.format, bitrateKbps: key.bitrateKbps }),
        { stdio: [fd, 'ignore', 'pipe'] },
      );
      this.children.add(child);
      child.stderr?.setEncoding('utf8');
      child.stderr?.on('data', (text: string) => {
        stderr = (stderr + text).slice(-STDERR_KEEP);
      });
      exit = await new Promise<typeof exit>((resolve, reject) => {
        child.once('error', reject);
        child.once('close', (code, signal) => resolve({ code, signal }));
      }).finally(() => this.children.delete(child));
    } catch (error) {
      await removeTemporary();
      throw error;
    } finally {
      close(fd, () => {});
    }
    if (exit.code === 0) {
      await rename(part, job.finalPath);
      await removeTemporary();
      return;
    }
    await removeTemporary();
    if (this.closed) throw new ShutDown();
    const reason = exit.code === null ? `ffmpeg was stopped (${exit.signal})` : lastErrorLine(stderr, input);
    this.failures.set(failureKey(key), {
      message: reason,
      until: this.now() + (this.options.failureMemoryMs ?? 10 * 60_000),
    });
    this.options.logger.warn({ file: `${key.workId}/${key.fileId}`, reason }, 'transcode failed');
    throw new TranscodeFailed(reason);
  }

  private evict(): Promise<void> {
    this.evicting = this.evicting.then(async () => {
      const inUse = new Set(this.served.keys());
      for (const job of this.jobs.values()) inUse.add(job.finalPath);
      const removed = await this.cache.evict(inUse).catch((error: unknown) => {
        this.options.logger.warn({ err: error }, 'transcode cache eviction failed');
        return [];
      });
      if (removed.length > 0)
        this.options.logger.debug({ removed: removed.length }, 'transcode cache trimmed');
    });
    return this.evicting;
  }
}

function failureKey(key: CacheKey): string {
  return `${key.workId}-${key.fileId}-${key.size}-${Math.floor(key.mtimeMs)}`;
}
