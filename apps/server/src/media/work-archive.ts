import { close, createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { lazyDefault } from '../util/lazy-import.js';
import { uniqueEntryName } from './archive-entry-name.js';
import { openLibraryFile } from './library-file.js';

const loadYazl = lazyDefault(() => import('yazl'));

export interface ArchiveEntry {
  /** Where the file is on disk, as built by the server. */
  path: string | Buffer;
  /** Its library folder: the file must really lie inside it when it is opened (library-file.ts). */
  root: string;
  /** Its name inside the ZIP (relative, `/`-separated); made safe there (archive-entry-name.ts). */
  name: string;
}

export interface WorkArchive {
  stream: Readable;
  /** The exact byte length of the ZIP, known up front because every entry is stored uncompressed. */
  size: number;
  /**
   * Entries left out because their file vanished, stopped being a regular file or now leads outside its
   * library folder since the scan.
   */
  skipped: string[];
  /** Stops the archive and closes the file being read (client gone, or a HEAD request). */
  abort(): void;
}

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

  const names = new Set<string>();
  for (const entry of entries) {
    // Sizes go into the ZIP's headers up front; each file is opened (and checked) again when its turn
    // comes, so a file swapped for a link in between is refused then, and the archive stops.
    const opened = await openLibraryFile(entry.path, entry.root).catch(() => null);
    if (!opened) {
      skipped.push(entry.name);
      continue;
    }
    close(opened.fd, () => {});
    zip.addReadStreamLazy(
      uniqueEntryName(entry.name, names),
      { size: opened.stats.size, mtime: opened.stats.mtime, compress: false },
      (callback) => {
        if (aborted) return;
        openLibraryFile(entry.path, entry.root).then(
          ({ fd }) => {
            current = createReadStream('', { fd, autoClose: true });
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
