import { realpathSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { isInside } from '../util/path-inside.js';

/**
 * The real path of a path that may not exist yet (a data folder made at first start): the real path of
 * its nearest existing ancestor, with the missing names after it.
 */
export function realPathOf(path: string): string {
  const missing: string[] = [];
  let existing = path;
  for (;;) {
    try {
      return join(realpathSync(existing), ...missing.reverse());
    } catch {
      const parent = dirname(existing);
      if (parent === existing) return path;
      missing.push(basename(existing));
      existing = parent;
    }
  }
}

/**
 * Why the data folder may not be placed as configured, or null when it may. Every file inside a library
 * folder can be streamed and downloaded, so the data folder (the database, the token signing key in
 * `secrets/`, the generated administrator password) must never lie inside one, nor be one; an SQLite file
 * configured elsewhere must not either. A library inside the data folder is fine (the demo library lives
 * in `<data>/demo-library`) as long as it does not hold those. Real paths are compared, so a link to the
 * data folder inside a library is caught too.
 */
export function dataPlacementProblem(
  dataDir: string,
  libraryDirs: readonly string[],
  sqliteFile: string | null,
): string | null {
  const guarded = [
    { path: dataDir, what: 'the data folder' },
    { path: join(dataDir, 'secrets'), what: 'the secrets folder' },
    ...(sqliteFile ? [{ path: sqliteFile, what: 'the database file' }] : []),
  ].map((entry) => ({ ...entry, real: Buffer.from(realPathOf(entry.path)) }));
  for (const library of libraryDirs) {
    const realLibrary = Buffer.from(realPathOf(library));
    const exposed = guarded.find((entry) => isInside(entry.real, realLibrary));
    if (exposed) {
      return (
        `${exposed.what} ${exposed.path} is inside the library folder ${library}, where every file can ` +
        'be downloaded (its database and token signing key with it): put the data folder outside the library folders'
      );
    }
  }
  return null;
}
