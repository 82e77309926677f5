import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { findWorkCode } from '@sasayaki/api-contract';
import { type FolderWorkId, folderKey } from '../repositories/folder-work-id.repository.js';
import { naturalCompare } from '../util/natural-sort.js';
import {
  appendName,
  childPath,
  decodeName,
  displayPath,
  EMPTY_PATH,
  type EntryName,
  type RelativePath,
  toStoredPath,
} from './fs-names.js';
import type { PathGuard } from './path-guard.js';
import { type FoundFolder, type ScanReporter, throwIfCancelled, type WorkFolder } from './scan-types.js';

export interface Discovery {
  works: FoundFolder[];
  /** Folders without a code that hold a workinfo.json and have no id yet (scanner/folder-ids.ts numbers them). */
  newLocalFolders: NewLocalFolder[];
  /**
   * Roots that could not be read at all: their works must not be marked missing. A root already missing
   * when the scan began had its works made unavailable before (root-availability.ts); this is one that went
   * during the scan.
   */
  unreachableRoots: string[];
}

interface Candidate extends FoundFolder {
  rootIndex: number;
}

export type NewLocalFolder = Omit<WorkFolder, 'id'>;

/**
 * A targeted scan's folders: for each library root, the names of its top-level entries to look into
 * (the watcher's changes, scanner/scan-scope.ts). Absent: the whole library.
 */
export type ScanScope = ReadonlyMap<string, ReadonlySet<string>>;

const WORKINFO = 'workinfo.json';

/**
 * Phase 1, discover folders: a folder whose name holds an RJ, BJ or VJ code is a work, and so is a folder
 * without a code that holds a workinfo.json or that an administrator marked; folders that are none of these
 * are searched down to `maxDepth` levels below each root. A work's own subfolders are not searched for
 * works: everything below a work belongs to it. `folderIds` (by `folderKey`) gives the folders whose id is
 * not their name's code: local works, works given another code, marked folders.
 */
export async function discoverWorkFolders(
  roots: readonly string[],
  maxDepth: number,
  guard: PathGuard,
  reporter: ScanReporter,
  folderIds: ReadonlyMap<string, FolderWorkId> = new Map(),
  scope?: ScanScope,
): Promise<Discovery> {
  const candidates: Candidate[] = [];
  const newLocalFolders: NewLocalFolder[] = [];
  const unreachableRoots: string[] = [];
  const visited = new Set<string>();

  const walk = async (
    rootIndex: number,
    absPath: string | Buffer,
    rel: RelativePath,
    depth: number,
  ): Promise<void> => {
    throwIfCancelled(reporter.signal);
    const root = roots[rootIndex] as string;
    const display = join(root, toStoredPath(rel).text);
    let entries: Dirent<Buffer>[];
    try {
      const info = await stat(absPath);
      const key = `${info.dev}:${info.ino}`;
      if (visited.has(key)) {
        reporter.issue(display, 'Folder already visited (symbolic link loop); skipped', 'warn', 'skipped');
        return;
      }
      visited.add(key);
      entries = await readdir(absPath, { encoding: 'buffer', withFileTypes: true });
    } catch (error) {
      if (depth === 0) unreachableRoots.push(root);
      reporter.issue(display, `Cannot read folder: ${(error as Error).message}`, 'error', 'failed');
      return;
    }
    if (depth > 0 && entries.some((entry) => entry.isFile() && isWorkInfo(entry.name))) {
      newLocalFolders.push({ rootDir: root, dir: toStoredPath(rel), absPath, display });
      return;
    }
    const folders: EntryName[] = [];
    const inScope = depth === 0 ? scope?.get(root) : undefined;
    for (const entry of entries) {
      const name = decodeName(entry.name);
      if (inScope && !inScope.has(name.text)) continue;
      if (entry.isDirectory()) folders.push(name);
      else if (
        entry.isSymbolicLink() &&
        (await isFolderInside(childPath(absPath, name), guard, display, name, reporter))
      ) {
        folders.push(name);
      }
    }
    folders.sort((a, b) => naturalCompare(a.text, b.text));
    for (const name of folders) {
      const childAbs = childPath(absPath, name);
      const childRel = appendName(rel, name);
      const dir = toStoredPath(childRel);
      const id = folderIds.get(folderKey(root, dir.text))?.id ?? findWorkCode(name.text);
      if (id !== null) {
        // No absolute path: the pipeline makes it again when the work is read (workFolderOf).
        candidates.push({ id, rootIndex, rootDir: root, dir });
      } else if (depth + 1 < maxDepth) {
        await walk(rootIndex, childAbs, childRel, depth + 1);
      }
    }
  };

  for (const [index, root] of roots.entries()) {
    if (!scope || scope.has(root)) await walk(index, root, EMPTY_PATH, 0);
  }
  return { works: pickOnePerCode(candidates, reporter), newLocalFolders, unreachableRoots };
}

function isWorkInfo(name: Buffer): boolean {
  return name.length === WORKINFO.length && name.toString('latin1').toLowerCase() === WORKINFO;
}

/** A symbolic link counts as a folder only when it resolves to a folder inside the library. */
async function isFolderInside(
  path: string | Buffer,
  guard: PathGuard,
  parentDisplay: string,
  name: EntryName,
  reporter: ScanReporter,
): Promise<boolean> {
  const target = await guard.resolveInside(path);
  if (target === null) {
    reporter.issue(
      join(parentDisplay, name.text),
      'Symbolic link leads outside the library or nowhere; skipped',
      'warn',
      'skipped',
    );
    return false;
  }
  try {
    return (await stat(target)).isDirectory();
  } catch {
    return false;
  }
}

/** The same code in two places: the first in (root, path) order is used, the others are reported. */
function pickOnePerCode(candidates: Candidate[], reporter: ScanReporter): FoundFolder[] {
  // Sorted in place and kept as they are (no copies): a large library's list is the scan's largest.
  candidates.sort(
    (a, b) => a.rootIndex - b.rootIndex || (a.dir.text < b.dir.text ? -1 : a.dir.text > b.dir.text ? 1 : 0),
  );
  const byId = new Map<number, FoundFolder>();
  const works: FoundFolder[] = [];
  for (const work of candidates) {
    const first = byId.get(work.id);
    if (first) {
      reporter.issue(
        displayPath(work),
        `Duplicate of ${displayPath(first)} (same code); skipped`,
        'warn',
        'skipped',
      );
      continue;
    }
    byId.set(work.id, work);
    works.push(work);
  }
  return works;
}
