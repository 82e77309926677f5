import { isAbsolute, relative, sep } from 'node:path';
import { type FSWatcher, watch } from 'chokidar';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import { Conflict } from '../errors.js';
import type { ScanScope } from '../scanner/discover-folders.js';

/** A burst that never pauses (a copy of hours) still gets scanned this often. */
const MAX_WAIT_MS = 30_000;

export interface TargetedScanner {
  /** Starts a scan of these top-level folders; Conflict while any scan runs. */
  startTargeted(scope: ScanScope): Promise<unknown>;
}

export interface LibraryWatcherOptions {
  libraryDirs: readonly string[];
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
 */
export class LibraryWatcher {
  /** Root → names of its changed top-level entries. */
  private pending = new Map<string, Set<string>>();
  private timer: NodeJS.Timeout | null = null;
  private firstPendingAt = 0;
  private watcher: FSWatcher | null = null;
  private closed = false;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly options: LibraryWatcherOptions) {}

  /** Starts watching; resolves once the watcher has read the folders it watches. */
  async start(): Promise<void> {
    const { libraryDirs, watch: settings, logger } = this.options;
    if (settings.mode === 'off' || libraryDirs.length === 0) return;
    const watcher = watch([...libraryDirs], {
      ignoreInitial: true,
      usePolling: settings.mode === 'poll',
      interval: settings.pollIntervalMs,
      binaryInterval: settings.pollIntervalMs,
    });
    this.watcher = watcher;
    watcher.on('all', (_event, path) => this.noteChange(path));
    // A watched folder that disappears, or a watch limit reached: logged, never fatal.
    watcher.on('error', (error) => logger.warn({ err: error }, 'library watcher problem'));
    await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
    logger.info({ mode: settings.mode, roots: libraryDirs.length }, 'library watcher started');
  }

  /** Records a changed path; public so tests and other sources of changes can feed it. */
  noteChange(path: string): void {
    if (this.closed) return;
    const located = this.locate(path);
    if (!located) return;
    const [root, top] = located;
    let names = this.pending.get(root);
    if (!names) {
      names = new Set();
      this.pending.set(root, names);
    }
    if (this.timer === null) this.firstPendingAt = Date.now();
    names.add(top);
    this.schedule();
  }

  /** Stops watching and drops the changes not yet scanned. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.watcher?.close();
    await this.flushing;
  }

  /** The root holding the path and the path's first name below it; null for a root itself or outside. */
  private locate(path: string): [string, string] | null {
    for (const root of this.options.libraryDirs) {
      const rel = relative(root, path);
      if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) continue;
      return [root, rel.split(sep, 1)[0] as string];
    }
    return null;
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
      for (const [root, names] of scope) {
        const merged = this.pending.get(root) ?? new Set<string>();
        for (const name of names) merged.add(name);
        this.pending.set(root, merged);
      }
      if (this.timer === null) this.firstPendingAt = Date.now();
      this.schedule();
    }
  }
}

function countFolders(scope: ScanScope): number {
  let count = 0;
  for (const names of scope.values()) count += names.size;
  return count;
}
