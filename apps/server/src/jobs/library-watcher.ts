import { readdir } from 'node:fs/promises';
import { isAbsolute, relative, sep } from 'node:path';
import { type FSWatcher, watch } from 'chokidar';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import { Conflict } from '../errors.js';
import type { ScanScope } from '../scanner/discover-folders.js';
import { probeRoot, type RootState } from '../scanner/root-availability.js';
import type { LibraryRoots } from '../services/library-roots.js';

/** A burst that never pauses (a copy of hours) still gets scanned this often. */
const MAX_WAIT_MS = 30_000;

export interface TargetedScanner {
  /** Starts a scan of these top-level folders; Conflict while any scan runs. */
  startTargeted(scope: ScanScope): Promise<unknown>;
}

export interface LibraryWatcherOptions {
  /** The library folders, followed as the administrator adds and removes them. */
  roots: Pick<LibraryRoots, 'list' | 'onChange'>;
  watch: Config['watch'];
  scans: TargetedScanner;
  logger: Logger;
}

/**
 * Watches the library folders and rescans only what changed: each event is reduced to the top-level
 * folder of its root that holds it (a work, or a folder of works), collected until the library has been
 * quiet for `debounceMs`, then handed to one targeted scan. A storm of events (a work of 10,000 files
 * copied in) is thus one scan of the folders concerned. While a scan runs (this process's or another's:
 * the scans lease), the changes wait and are tried again after another quiet period, merged with newer ones.
 *
 * It follows the list of library folders (`LibraryRoots`): one added is watched, one removed is no longer.
 * Every `pollIntervalMs` it also looks at each library folder itself (scanner/root-availability.ts), since
 * file-system events do not tell a mount that went or came back: a folder that went (missing, or empty) is
 * scanned so that its works become unavailable, and one that came back is watched again and scanned whole,
 * so that its works are back within seconds.
 */
export class LibraryWatcher {
  /** Root → names of its changed top-level entries (an empty set: the root itself, none of its entries). */
  private pending = new Map<string, Set<string>>();
  private timer: NodeJS.Timeout | null = null;
  private firstPendingAt = 0;
  private watcher: FSWatcher | null = null;
  private closed = false;
  private flushing: Promise<void> = Promise.resolve();
  /** Each library folder as last looked at. */
  private readonly rootStates = new Map<string, RootState>();
  private mountCheck: NodeJS.Timeout | null = null;
  private checking: Promise<void> = Promise.resolve();
  private stopFollowingRoots: (() => void) | null = null;
  /** `start` was called (by `serve`): `restart` starts it again. */
  private started = false;

  constructor(private readonly options: LibraryWatcherOptions) {}

  /** Starts watching; resolves once the watcher has read the folders it watches. */
  async start(): Promise<void> {
    const { roots, watch: settings, logger } = this.options;
    if (this.closed) return;
    this.started = true;
    if (settings.mode === 'off') return;
    for (const root of roots.list()) this.rootStates.set(root, await probeRoot(root));
    // A folder that is not there is watched once it comes back (checkMounts).
    const present = roots.list().filter((root) => this.rootStates.get(root) !== 'missing');
    const watcher = watch(present, {
      ignoreInitial: true,
      // Links are not followed: chokidar would follow one out of the library (a link to / watches the
      // whole machine) and round a loop (`loop -> ..`) until the kernel's ELOOP, watching the library again
      // at each of 40 levels. The scanner follows links inside a library folder only, once a real folder;
      // a change behind such a link is seen at its real place, or by the scheduled scan.
      followSymlinks: false,
      usePolling: settings.mode === 'poll',
      interval: settings.pollIntervalMs,
      binaryInterval: settings.pollIntervalMs,
    });
    this.watcher = watcher;
    watcher.on('all', (_event, path) => this.noteChange(path));
    // A watched folder that disappears, or a watch limit reached: logged, never fatal.
    watcher.on('error', (error) => logger.warn({ err: error }, 'library watcher problem'));
    this.stopFollowingRoots = roots.onChange((_list, change) => {
      for (const root of change.removed) this.forgetRoot(root);
      for (const root of change.added) this.followRoot(root);
    });
    // chokidar says it is ready once it has read every folder it was given: never, when given none.
    if (present.length > 0) await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
    this.mountCheck = setInterval(() => {
      this.checking = this.checkMounts();
    }, settings.pollIntervalMs);
    this.mountCheck.unref();
    logger.info({ mode: settings.mode, roots: roots.list().length }, 'library watcher started');
  }

  /** Records a changed path; public so tests and other sources of changes can feed it. */
  noteChange(path: string): void {
    const located = this.locate(path);
    if (located) this.queue(located[0], [located[1]]);
  }

  /**
   * Starts again with the current settings (the Settings page switched the mode: off, events or polling);
   * the changes not yet scanned are dropped. Nothing happens in a process that never started it (the
   * `scan` command, tests), nor after `close`.
   */
  async restart(): Promise<void> {
    if (!this.started || this.closed) return;
    await this.close();
    this.closed = false;
    this.watcher = null;
    this.stopFollowingRoots = null;
    this.mountCheck = null;
    await this.start();
  }

  /** Stops watching and drops the changes not yet scanned. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.mountCheck) clearInterval(this.mountCheck);
    this.stopFollowingRoots?.();
    await this.checking;
    await this.watcher?.close();
    await this.flushing;
  }

  /** A library folder added while running: watched from now on (its scan is the adder's to start). */
  private followRoot(root: string): void {
    void probeRoot(root).then((state) => {
      if (this.closed || !this.options.roots.list().includes(root)) return;
      this.rootStates.set(root, state);
      if (state !== 'missing') this.watcher?.add(root);
    });
  }

  /** A library folder removed while running: no longer watched, and its changes not yet scanned dropped. */
  private forgetRoot(root: string): void {
    this.watcher?.unwatch(root);
    this.rootStates.delete(root);
    this.pending.delete(root);
  }

  /**
   * Looks at each library folder: one that went (missing or empty) is scanned alone, which makes its works
   * unavailable; one that came back is watched anew (the watch of a folder that went does not see what
   * appears in its place) and scanned whole, which brings its works back.
   */
  private async checkMounts(): Promise<void> {
    for (const root of this.options.roots.list()) {
      if (this.closed) return;
      const before = this.rootStates.get(root);
      const now = await probeRoot(root);
      this.rootStates.set(root, now);
      if (before === undefined || (before === 'mounted') === (now === 'mounted')) continue;
      if (now !== 'mounted') {
        this.options.logger.warn({ root, state: now }, 'library folder not mounted');
        this.queue(root, []);
        continue;
      }
      this.options.logger.info({ root }, 'library folder is back');
      this.watcher?.unwatch(root);
      this.watcher?.add(root);
      const names = await readdir(root).catch(() => [] as string[]);
      this.queue(root, names);
    }
  }

  /** The root holding the path and the path's first name below it; null for a root itself or outside. */
  private locate(path: string): [string, string] | null {
    for (const root of this.options.roots.list()) {
      const rel = relative(root, path);
      if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) continue;
      return [root, rel.split(sep, 1)[0] as string];
    }
    return null;
  }

  private queue(root: string, names: readonly string[]): void {
    if (this.closed) return;
    let pending = this.pending.get(root);
    if (!pending) {
      pending = new Set();
      this.pending.set(root, pending);
    }
    if (this.timer === null) this.firstPendingAt = Date.now();
    for (const name of names) pending.add(name);
    this.schedule();
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    const waited = Date.now() - this.firstPendingAt;
    const delay = Math.max(0, Math.min(this.options.watch.debounceMs, MAX_WAIT_MS - waited));
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flushing = this.flush();
    }, delay);
    this.timer.unref();
  }

  private async flush(): Promise<void> {
    if (this.closed || this.pending.size === 0) return;
    const scope = this.pending;
    this.pending = new Map();
    try {
      await this.options.scans.startTargeted(scope);
      this.options.logger.info({ folders: countFolders(scope) }, 'library changed: targeted scan started');
    } catch (error) {
      if (!(error instanceof Conflict)) {
        this.options.logger.warn({ err: error }, 'library changed but the scan did not start');
        return;
      }
      // A scan is running: keep these changes (with any newer ones) for the next try.
      for (const [root, names] of scope) this.queue(root, [...names]);
    }
  }
}

function countFolders(scope: ScanScope): number {
  let count = 0;
  for (const names of scope.values()) count += names.size;
  return count;
}
