import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import { isInside } from '../util/path-inside.js';
import { dataPlacementProblem, realPathOf } from './data-placement.js';

export interface FolderPlacement {
  dataDir: string;
  /** The SQLite file when it lies outside the data folder (it must not be served either). */
  sqliteFile: string | null;
  /** The library folders kept: a new one may not lie inside one of them nor contain one. */
  otherLibraryDirs: readonly string[];
}

/**
 * Why `path` may not be added as a library folder, or null when it may: it must be an absolute path to an
 * existing folder the server can read and list, outside the data folder (whose database and signing key
 * must never be served) and not containing it, and apart from the other library folders (a folder inside
 * another would index its works twice). Real paths are compared, so links do not get around it.
 */
export async function libraryFolderProblem(path: string, placement: FolderPlacement): Promise<string | null> {
  if (!isAbsolute(path)) return `${path} is not an absolute path`;
  const stats = await stat(path).catch((error: NodeJS.ErrnoException) => error);
  if (stats instanceof Error) {
    return stats.code === 'ENOENT' || stats.code === 'ENOTDIR'
      ? `${path} does not exist`
      : `${path} cannot be read by the server (${stats.code ?? stats.message})`;
  }
  if (!stats.isDirectory()) return `${path} is not a folder`;
  const readable = await access(path, constants.R_OK | constants.X_OK).then(
    () => true,
    () => false,
  );
  if (!readable) return `${path} cannot be read by the server (permission denied)`;
  const real = Buffer.from(realPathOf(path));
  if (isInside(real, Buffer.from(realPathOf(placement.dataDir)))) {
    return `${path} is inside the data folder ${placement.dataDir}`;
  }
  const exposed = dataPlacementProblem(placement.dataDir, [path], placement.sqliteFile);
  if (exposed) return `${path} contains the data folder or the database, which would be served with it`;
  for (const other of placement.otherLibraryDirs) {
    const realOther = Buffer.from(realPathOf(other));
    if (isInside(real, realOther)) return `${path} is inside the library folder ${other}`;
    if (isInside(realOther, real)) return `${path} contains the library folder ${other}`;
  }
  return null;
}
