import { close, constants, fstat, open, read, readlink, realpath, type Stats, stat } from 'node:fs';
import { promisify } from 'node:util';
import { NotFound } from '../errors.js';
import { isInside } from '../util/path-inside.js';

/**
 * O_NONBLOCK: opening a FIFO swapped in for a file would otherwise wait for a writer forever. O_NOCTTY:
 * a terminal device must never become the process's controlling terminal. Neither changes how a regular
 * file is read. No O_NOFOLLOW: the scanner indexes links whose target stays inside the library
 * (`scanner/path-guard.ts`), so they are opened too; where the descriptor really points is checked after.
 */
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY;
/** Errors that mean "this path does not lead to a file we may open": all answered as a 404. */
const GONE = new Set(['ENOENT', 'ENOTDIR', 'ELOOP', 'EACCES', 'EPERM', 'ENXIO', 'ENAMETOOLONG', 'EISDIR']);
const SLASH = 0x2f;

// The callback API, promisified: on the streaming path it costs less than FileHandle's (open-files.ts).
const openPath = promisify(open);
const statDescriptor = promisify(fstat);
const closeDescriptor = promisify(close);
const readLink = promisify(readlink);
const realPath = promisify(realpath);
const statPath = promisify(stat);

/** A regular library file opened and checked to lie inside its library root. */
export interface LibraryDescriptor {
  fd: number;
  stats: Stats;
}

/**
 * The real paths of the library roots, resolved on first use and kept: a root is the operator's
 * configuration (the scanner stores it in each work's `root_dir`), so it does not move while it is listed.
 * A root that cannot be resolved (an unmounted disk) is not kept, and is tried again next time; a root the
 * administrator removes is forgotten (`forgetLibraryRoot`), so the same path added again is resolved anew.
 */
const realRoots = new Map<string, Buffer>();

export function forgetLibraryRoot(root: string): void {
  realRoots.delete(root);
}

async function realRootOf(root: string): Promise<Buffer | null> {
  const known = realRoots.get(root);
  if (known) return known;
  const real = await realPath(root, { encoding: 'buffer' }).catch(() => null);
  if (real) realRoots.set(root, real);
  return real;
}

/**
 * Where an open descriptor really leads. On Linux the kernel says it (`/proc/self/fd/N`), whatever links
 * and renames happened on the way. Elsewhere, or without /proc, the path's real path is taken and kept only
 * when it still names the very file that is open (same device and inode); a file swapped between the two
 * steps is then refused, never mistaken.
 */
export async function realPathOfDescriptor(
  fd: number,
  path: string | Buffer,
  stats: Stats,
  platform: NodeJS.Platform = process.platform,
): Promise<Buffer | null> {
  if (platform === 'linux') {
    const viaProc = await readLink(`/proc/self/fd/${fd}`, { encoding: 'buffer' }).catch(() => null);
    if (viaProc && viaProc[0] === SLASH) return viaProc;
  }
  const real = await realPath(path, { encoding: 'buffer' }).catch(() => null);
  if (!real) return null;
  const now = await statPath(real).catch(() => null);
  return now && now.dev === stats.dev && now.ino === stats.ino ? real : null;
}

/** Checks that a descriptor opened from `path` is a regular file inside `root`; NotFound otherwise. */
async function assertLibraryFile(fd: number, path: string | Buffer, root: string): Promise<Stats> {
  const stats = await statDescriptor(fd);
  if (!stats.isFile()) throw new NotFound('File not found');
  const [real, realRoot] = await Promise.all([realPathOfDescriptor(fd, path, stats), realRootOf(root)]);
  if (!real || !realRoot || !isInside(real, realRoot)) throw new NotFound('File not found');
  return stats;
}

/**
 * The one way a library file is opened (streams, downloads, ZIPs, transcodes, the scanner's reads): the
 * path is opened, then the descriptor itself is checked to be a regular file whose real path lies inside
 * `root`, the real path of its library folder. So a file or folder swapped for a link to `/etc/passwd`
 * or to the data folder's secrets after the scan is refused when it is opened, and the bytes read are
 * those of the file that was checked. Anything else (gone, outside, not a regular file) is NotFound; the
 * descriptor is the caller's to close.
 */
export async function openLibraryFile(path: string | Buffer, root: string): Promise<LibraryDescriptor> {
  let fd: number;
  try {
    fd = await openPath(path, OPEN_FLAGS);
  } catch (error) {
    if (GONE.has((error as NodeJS.ErrnoException).code ?? '')) throw new NotFound('File not found');
    throw error;
  }
  try {
    return { fd, stats: await assertLibraryFile(fd, path, root) };
  } catch (error) {
    await closeDescriptor(fd);
    throw error;
  }
}

const readDescriptor = promisify(read);

/**
 * The whole of a small library file (a cover image, a workinfo.json), opened as `openLibraryFile` does.
 * A file larger than `maxBytes` is refused without being read: a 5 GiB file named `cover.jpg` must not be
 * read into memory by a scan.
 */
export async function readLibraryFile(
  path: string | Buffer,
  root: string,
  maxBytes: number,
): Promise<Buffer> {
  const { fd, stats } = await openLibraryFile(path, root);
  try {
    if (stats.size > maxBytes)
      throw new Error(
        `larger than ${Math.round(maxBytes / 1024 / 1024)} MiB (${stats.size} bytes); not read`,
      );
    const bytes = Buffer.alloc(stats.size);
    let done = 0;
    while (done < bytes.length) {
      const { bytesRead } = await readDescriptor(fd, bytes, done, bytes.length - done, done);
      if (bytesRead === 0) break;
      done += bytesRead;
    }
    return bytes.subarray(0, done);
  } finally {
    await closeDescriptor(fd);
  }
}
