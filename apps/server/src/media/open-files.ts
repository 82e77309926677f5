import { close, type Stats, stat } from 'node:fs';
import { promisify } from 'node:util';
import { openLibraryFile } from './library-file.js';

const statPath = promisify(stat);

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

  /**
   * Opens (or shares) the regular file at `path` inside the library folder `root`; NotFound when it is
   * gone, not a regular file, or leads outside `root` (`library-file.ts`, checked at every open).
   */
  async acquire(path: string | Buffer, root: string): Promise<OpenFile> {
    const key = typeof path === 'string' ? `s:${path}` : `b:${path.toString('hex')}`;
    let entry = this.entries.get(key);
    if (!entry || this.now() - entry.checkedAt >= this.revalidateMs) {
      let pending = this.opening.get(key);
      if (!pending) {
        pending = this.refresh(key, path, root, entry).finally(() => this.opening.delete(key));
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
  private async refresh(
    key: string,
    path: string | Buffer,
    root: string,
    known: Entry | undefined,
  ): Promise<Entry> {
    if (known) {
      const current = await statPath(path).catch(() => null);
      // Its idle time may have ended during the stat and closed it: then it is opened anew below (its
      // number may already belong to another file).
      if (current && sameFile(current, known.stats) && !known.retired) {
        known.checkedAt = this.now();
        return known;
      }
      this.retire(known);
    }
    // A path that now leads elsewhere (a link swapped in) fails the stat above and is opened again here,
    // where it really leads is checked: nothing is trusted from an earlier open.
    const { fd, stats } = await openLibraryFile(path, root);
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

function sameFile(a: Stats, b: Stats): boolean {
  return a.isFile() && a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs;
}
