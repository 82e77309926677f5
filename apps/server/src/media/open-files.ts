import { close, constants, fstat, open, type Stats, stat } from 'node:fs';
import { promisify } from 'node:util';
import { NotFound } from '../errors.js';

/**
 * O_NONBLOCK: opening a FIFO swapped in for a file would otherwise wait for a writer forever. O_NOCTTY:
 * a terminal device must never become the process's controlling terminal. Neither changes how a regular
 * file is read.
 */
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY;
const GONE = new Set(['ENOENT', 'ENOTDIR', 'ELOOP', 'EACCES', 'EPERM', 'ENXIO', 'ENAMETOOLONG']);

// The callback API, promisified: under a hundred concurrent streams it served half as many again as
// FileHandle's promise API, whose descriptors and reads cost more.
const openFile = promisify(open);
const statDescriptor = promisify(fstat);
const statPath = promisify(stat);
const closeFile = promisify(close);

/** A regular file held open for a request: read it by position (`pread`), then release it once. */
export interface OpenFile {
  fd: number;
  stats: Stats;
  release(): void;
}

interface Entry {
  key: string;
  fd: number;
  stats: Stats;
  /** When the path was last seen to lead to this file (same device, inode, size and mtime). */
  checkedAt: number;
  users: number;
  /** Replaced on disk, or closing: never handed out again, closed when its last user releases it. */
  retired: boolean;
  idleTimer: NodeJS.Timeout | null;
}

export interface OpenFilesOptions {
  /** How long a file is trusted to be what the path leads to before the path is looked at again. */
  revalidateMs?: number;
  /** How long an unused descriptor stays open for the next request. */
  idleMs?: number;
  now?: () => number;
}

/**
 * Descriptors of the files being sent, shared by the requests that read them. A player asks for one file
 * range after range, and a hundred listeners' ranges used to open, check and close it each time: three
 * trips through libuv's four threads, queued behind every stream's reads, before the headers could leave.
 * Here a range of a file looked at in the last half second starts at once. Every read is positional, so
 * requests share a descriptor safely. A file replaced or deleted on disk is noticed at the next look at
 * its path (after `revalidateMs`); until then a request may still get the file that was there, whole.
 */
export class OpenFiles {
  private readonly entries = new Map<string, Entry>();
  private readonly opening = new Map<string, Promise<Entry>>();
  private readonly revalidateMs: number;
  private readonly idleMs: number;
  private readonly now: () => number;

  constructor(options: OpenFilesOptions = {}) {
    this.revalidateMs = options.revalidateMs ?? 500;
    this.idleMs = options.idleMs ?? 5_000;
    this.now = options.now ?? Date.now;
  }

  /** Opens (or shares) the regular file at `path`; NotFound when it is gone or not a regular file. */
  async acquire(path: string | Buffer): Promise<OpenFile> {
    const key = typeof path === 'string' ? `s:${path}` : `b:${path.toString('hex')}`;
    let entry = this.entries.get(key);
    if (!entry || this.now() - entry.checkedAt >= this.revalidateMs) {
      let pending = this.opening.get(key);
      if (!pending) {
        pending = this.refresh(key, path, entry).finally(() => this.opening.delete(key));
        this.opening.set(key, pending);
      }
      entry = await pending;
    }
    return this.use(entry);
  }

  /** How many descriptors are open, for tests. */
  get size(): number {
    return this.entries.size;
  }

  private use(entry: Entry): OpenFile {
    entry.users += 1;
    if (entry.idleTimer) clearTimeout(entry.idleTimer);
    entry.idleTimer = null;
    let released = false;
    return {
      fd: entry.fd,
      stats: entry.stats,
      release: () => {
        if (released) return;
        released = true;
        entry.users -= 1;
        if (entry.users > 0) return;
        if (entry.retired) this.close(entry);
        else {
          entry.idleTimer = setTimeout(() => this.retire(entry), this.idleMs);
          entry.idleTimer.unref();
        }
      },
    };
  }

  /** Checks a known entry against its path, or opens the file; the entry to use either way. */
  private async refresh(key: string, path: string | Buffer, known: Entry | undefined): Promise<Entry> {
    if (known) {
      const current = await statPath(path).catch(() => null);
      if (current && sameFile(current, known.stats)) {
        known.checkedAt = this.now();
        return known;
      }
      this.retire(known);
    }
    const fd = await openRegularFile(path);
    let stats: Stats;
    try {
      stats = await statDescriptor(fd);
      if (!stats.isFile()) throw new NotFound('File not found');
    } catch (error) {
      await closeFile(fd);
      throw error;
    }
    const entry: Entry = {
      key,
      fd,
      stats,
      checkedAt: this.now(),
      users: 0,
      retired: false,
      idleTimer: null,
    };
    this.entries.set(key, entry);
    return entry;
  }

  private retire(entry: Entry): void {
    if (entry.retired) return;
    entry.retired = true;
    if (this.entries.get(entry.key) === entry) this.entries.delete(entry.key);
    if (entry.users === 0) this.close(entry);
  }

  private close(entry: Entry): void {
    if (entry.idleTimer) clearTimeout(entry.idleTimer);
    entry.idleTimer = null;
    close(entry.fd, () => {});
  }
}

async function openRegularFile(path: string | Buffer): Promise<number> {
  try {
    return await openFile(path, OPEN_FLAGS);
  } catch (error) {
    if (GONE.has((error as NodeJS.ErrnoException).code ?? '')) throw new NotFound('File not found');
    throw error;
  }
}

function sameFile(a: Stats, b: Stats): boolean {
  return a.isFile() && a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs;
}
