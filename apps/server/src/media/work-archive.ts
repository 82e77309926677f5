import { constants } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { lazyDefault } from '../util/lazy-import.js';

const loadYazl = lazyDefault(() => import('yazl'));

export interface ArchiveEntry {
  /** Where the file is on disk, as built by the server. */
  path: string | Buffer;
  /** Its name inside the ZIP (relative, `/`-separated). */
  name: string;
}

export interface WorkArchive {
  stream: Readable;
  /** The exact byte length of the ZIP, known up front because every entry is stored uncompressed. */
  size: number;
  /** Entries left out because their file vanished (or stopped being a regular file) since the scan. */
  skipped: string[];
  /** Stops the archive and closes the file being read (client gone, or a HEAD request). */
  abort(): void;
}

const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY;

/**
 * A ZIP of the given files, streamed: files are opened one at a time as the archive is read, never held
 * in memory. Entries are stored, not deflated: audio and images do not shrink, storing is far cheaper on
 * the CPU, and it lets the size be announced so downloaders show progress and detect truncation.
 */
export async function createWorkArchive(entries: readonly ArchiveEntry[]): Promise<WorkArchive> {
  const yazl = await loadYazl();
  const zip = new yazl.ZipFile();
  const skipped: string[] = [];
  let current: Readable | null = null;
  let aborted = false;
  let stream: Readable | null = null;
  // A file that changed size or failed to read mid-way cannot be patched into a streamed ZIP: stop.
  zip.on('error', (error: Error) => {
    aborted = true;
    current?.destroy();
    stream?.destroy(error);
  });

  for (const entry of entries) {
    const stats = await stat(entry.path).catch(() => null);
    if (!stats?.isFile()) {
      skipped.push(entry.name);
      continue;
    }
    zip.addReadStreamLazy(
      entry.name,
      { size: stats.size, mtime: stats.mtime, compress: false },
      (callback) => {
        if (aborted) return;
        open(entry.path, OPEN_FLAGS).then(
          (handle) => {
            current = handle.createReadStream({ autoClose: true });
            callback(null, current);
          },
          (error: Error) => callback(error, null as unknown as Readable),
        );
      },
    );
  }

  // The typings miss the total the callback receives.
  const end = zip.end.bind(zip) as (options: undefined, callback: (total: number) => void) => void;
  const size = await new Promise<number>((resolve) => end(undefined, resolve));
  const output = zip.outputStream as Readable;
  stream = output;
  const abort = () => {
    aborted = true;
    current?.destroy();
    output.destroy();
  };
  output.on('close', abort);
  return { stream: output, size, skipped, abort };
}
