import { mkdir, open, readdir, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { INSTANCE_ID } from '../util/instance-id.js';
import { LOW_BITRATE_KBPS, type TranscodeFormat } from './transcode-args.js';

/** What makes a cached file current: the source's identity, size and modification time, and the bitrate. */
export interface CacheKey {
  workId: number;
  fileId: number;
  size: number;
  mtimeMs: number;
  format: TranscodeFormat;
  /** LOW_BITRATE_KBPS when left out. */
  bitrateKbps?: number;
}

/**
 * A lock or temporary file untouched this long belongs to a process that is gone: its owner refreshes
 * the lock every 10 s and ffmpeg writes the temporary files as it goes. Nothing else tells: a host name
 * and a PID can be another container's, so the age is the only proof of death.
 */
export const STALE_MS = 60_000;
const FINISHED = /^\d+-\d+-[0-9a-z]+-[0-9a-z]+(-b\d+)?\.(webm|m4a)$/;
/** `<name>.<instance id>.part`, and `<name>.<host>-<pid>.part` as versions before instance ids left them. */
const TEMPORARY = /\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{8}-\d+)\.part$/;

/**
 * `<work>-<file>-<size>-<mtime>[-b<kbps>].<format>`: a changed source, or another bitrate chosen on the
 * Settings page, gets a new name, and the old file ages out. The default bitrate has no suffix, so files
 * made before the bitrate could be chosen keep their names.
 */
export function cacheName(key: CacheKey): string {
  const mtime = Math.floor(key.mtimeMs).toString(36);
  const kbps = key.bitrateKbps ?? LOW_BITRATE_KBPS;
  const bitrate = kbps === LOW_BITRATE_KBPS ? '' : `-b${kbps}`;
  return `${key.workId}-${key.fileId}-${key.size.toString(36)}-${mtime}${bitrate}.${key.format}`;
}

/**
 * The low-bitrate cache folder (`<data>/transcodes/`, possibly shared by several servers): finished
 * files under their cache name, temporary output `<name>.<instance>.part` (and an M4A's
 * `<name>.growing.<instance>.part`) while ffmpeg writes, and `<name>.lock` (created with `wx`) held by
 * the one process making that file, named by its instance id (util/instance-id.ts). The least recently used files are evicted past the size limit; the
 * access time (set on every hit, the modification time stays, so ETags do not change) orders them.
 */
export class TranscodeCache {
  constructor(
    readonly dir: string,
    /** The folder's size limit; the Settings page changes it while the server runs. */
    public limitBytes: number,
    private readonly owner: string = INSTANCE_ID,
  ) {}

  pathOf(name: string): string {
    return join(this.dir, name);
  }

  partPathOf(name: string): string {
    return join(this.dir, `${name}.${this.owner}.part`);
  }

  /** The fragmented copy of an M4A that listeners read while ffmpeg writes; removed when the job ends. */
  growingPathOf(name: string): string {
    return join(this.dir, `${name}.growing.${this.owner}.part`);
  }

  private lockPathOf(name: string): string {
    return join(this.dir, `${name}.lock`);
  }

  /**
   * Creates the folder and removes the temporary files of processes that are gone: those untouched for
   * `STALE_MS` (a live process's ffmpeg keeps writing its own).
   */
  async start(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const now = Date.now();
    for (const entry of await readdir(this.dir)) {
      if (!TEMPORARY.test(entry)) continue;
      const path = join(this.dir, entry);
      const stats = await stat(path).catch(() => null);
      if (stats && now - stats.mtimeMs > STALE_MS) await rm(path, { force: true });
    }
  }

  /** The finished file's path when cached (and marks it used), otherwise null. */
  async lookup(name: string): Promise<string | null> {
    const path = this.pathOf(name);
    const stats = await stat(path).catch(() => null);
    if (!stats?.isFile()) return null;
    await this.touch(path, stats.mtime);
    return path;
  }

  async touch(path: string, mtime?: Date): Promise<void> {
    const modified = mtime ?? (await stat(path).catch(() => null))?.mtime;
    if (modified) await utimes(path, new Date(), modified).catch(() => undefined);
  }

  /**
   * Takes the lock on one cache name; false when another process holds it. A stale lock (its holder
   * stopped refreshing it) is broken and taken.
   */
  async tryLock(name: string): Promise<boolean> {
    const path = this.lockPathOf(name);
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const handle = await open(path, 'wx');
        await handle.writeFile(JSON.stringify({ owner: this.owner }));
        await handle.close();
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        if (!(await this.isStale(path))) return false;
        await rm(path, { force: true });
      }
    }
    return false;
  }

  /** Whether the lock's holder stopped refreshing it (or it is gone already). */
  private async isStale(path: string): Promise<boolean> {
    const stats = await stat(path).catch(() => null);
    return !stats || Date.now() - stats.mtimeMs > STALE_MS;
  }

  /** Keeps a held lock fresh, so other processes do not break it. */
  async refreshLock(name: string): Promise<void> {
    const now = new Date();
    await utimes(this.lockPathOf(name), now, now).catch(() => undefined);
  }

  async unlock(name: string): Promise<void> {
    await rm(this.lockPathOf(name), { force: true });
  }

  async isLocked(name: string): Promise<boolean> {
    return (await stat(this.lockPathOf(name)).catch(() => null)) !== null;
  }

  /**
   * Removes the least recently used finished files until the folder is within its limit. Files in
   * `inUse` (being served or written) are never removed, even if that leaves the folder over the limit.
   */
  async evict(inUse: ReadonlySet<string>): Promise<string[]> {
    const entries: Array<{ path: string; size: number; atimeMs: number }> = [];
    for (const entry of await readdir(this.dir)) {
      if (!FINISHED.test(entry)) continue;
      const path = join(this.dir, entry);
      const stats = await stat(path).catch(() => null);
      if (stats?.isFile()) entries.push({ path, size: stats.size, atimeMs: stats.atimeMs });
    }
    let total = entries.reduce((sum, entry) => sum + entry.size, 0);
    const removed: string[] = [];
    entries.sort((a, b) => a.atimeMs - b.atimeMs);
    for (const entry of entries) {
      if (total <= this.limitBytes) break;
      if (inUse.has(entry.path)) continue;
      await rm(entry.path, { force: true });
      total -= entry.size;
      removed.push(entry.path);
    }
    return removed;
  }
}
