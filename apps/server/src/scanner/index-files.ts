import type { Dirent, Stats } from 'node:fs';
import { lstat, readdir, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileTypeOf } from '@sasayaki/api-contract';
import { naturalCompare } from '../util/natural-sort.js';
import { isInside } from '../util/path-inside.js';
import {
  appendName,
  childPath,
  decodeName,
  EMPTY_PATH,
  type EntryName,
  type RelativePath,
  toStoredPath,
} from './fs-names.js';
import type { PathGuard } from './path-guard.js';
import { type IndexedFile, type ScanReporter, throwIfCancelled, type WorkFolder } from './scan-types.js';

interface FoundFile {
  rel: RelativePath;
  absPath: string | Buffer;
  info: Stats;
}

/**
 * Phase 2, index files: every regular file below the work folder, at any depth, in tree order
 * (sub-folders first, then files, each in natural order). Symbolic links are followed only inside the
 * library, never to a folder that holds the work (`loop -> ..`: that would put the rest of the library
 * inside the work), and each real folder is entered once, so link loops end; FIFOs, sockets and devices
 * are never opened. Returns null when the work folder itself cannot be read.
 */
export async function indexWorkFiles(
  work: WorkFolder,
  guard: PathGuard,
  reporter: ScanReporter,
): Promise<IndexedFile[] | null> {
  const found: FoundFile[] = [];
  const visited = new Set<string>();
  let rootReadable = true;
  /**
   * The work folder's real path, for a symbolic link's loop check: asked at the first link, so a work
   * without links (nearly all) costs no realpath (a rescan's walk is most of its time).
   */
  let workReal: Promise<Buffer | null> | undefined;
  // Messages name the entry as shown to people; made only for a message, not for every entry walked.
  const displayOf = (rel: RelativePath, name?: EntryName) =>
    join(work.display, toStoredPath(rel).text, name?.text ?? '');

  const walk = async (absPath: string | Buffer, rel: RelativePath, folderInfo: Stats): Promise<void> => {
    throwIfCancelled(reporter.signal);
    visited.add(`${folderInfo.dev}:${folderInfo.ino}`);
    let entries: Dirent<Buffer>[];
    try {
      entries = await readdir(absPath, { encoding: 'buffer', withFileTypes: true });
    } catch (error) {
      if (rel.names.length === 0) rootReadable = false;
      else
        reporter.issue(displayOf(rel), `Cannot read folder: ${(error as Error).message}`, 'error', 'failed');
      return;
    }
    const folders: Array<{ name: EntryName; info: Stats }> = [];
    const files: Array<{ name: EntryName; info: Stats }> = [];
    await Promise.all(
      entries.map(async (entry) => {
        const name = decodeName(entry.name);
        const entryAbs = childPath(absPath, name);
        const entryDisplay = () => displayOf(rel, name);
        let info: Stats;
        try {
          info = await lstat(entryAbs);
          if (info.isSymbolicLink()) {
            const real = await guard.resolveInside(entryAbs);
            if (real === null) {
              reporter.issue(
                entryDisplay(),
                'Symbolic link leads outside the library or nowhere; skipped',
                'warn',
                'skipped',
              );
              return;
            }
            workReal ??= realpath(work.absPath, { encoding: 'buffer' }).catch(() => null);
            const workRealPath = await workReal;
            if (workRealPath !== null && isInside(workRealPath, real)) {
              reporter.issue(
                entryDisplay(),
                'Symbolic link to a folder that holds the work (a loop); skipped',
                'warn',
                'skipped',
              );
              return;
            }
            info = await stat(entryAbs);
          }
        } catch (error) {
          reporter.issue(entryDisplay(), `Cannot read: ${(error as Error).message}`, 'error', 'failed');
          return;
        }
        if (info.isDirectory()) {
          if (visited.has(`${info.dev}:${info.ino}`)) {
            reporter.issue(
              entryDisplay(),
              'Folder already visited (symbolic link loop); skipped',
              'warn',
              'skipped',
            );
          } else folders.push({ name, info });
        } else if (info.isFile()) files.push({ name, info });
        else
          reporter.issue(
            entryDisplay(),
            'Not a regular file (FIFO, socket or device); skipped',
            'warn',
            'skipped',
          );
      }),
    );
    folders.sort((a, b) => naturalCompare(a.name.text, b.name.text));
    files.sort((a, b) => naturalCompare(a.name.text, b.name.text));
    for (const folder of folders) {
      if (visited.has(`${folder.info.dev}:${folder.info.ino}`)) continue;
      await walk(childPath(absPath, folder.name), appendName(rel, folder.name), folder.info);
    }
    for (const file of files) {
      found.push({
        rel: appendName(rel, file.name),
        absPath: childPath(absPath, file.name),
        info: file.info,
      });
    }
  };

  let workInfo: Stats;
  try {
    workInfo = await stat(work.absPath);
  } catch (error) {
    reporter.issue(work.display, `Cannot read folder: ${(error as Error).message}`, 'error', 'failed');
    return null;
  }
  await walk(work.absPath, EMPTY_PATH, workInfo);
  if (!rootReadable) {
    reporter.issue(work.display, 'Cannot read the work folder', 'error', 'failed');
    return null;
  }
  return toIndexedFiles(found, work.rootDir);
}

/**
 * Lossy names (invalid UTF-8) can decode to the same text as another name; the text must stay unique
 * per work (it is indexed), so a colliding lossy text gets a numbered suffix. The raw bytes still open
 * the right file.
 */
function toIndexedFiles(found: FoundFile[], rootDir: string): IndexedFile[] {
  const stored = found.map((file) => toStoredPath(file.rel));
  const taken = new Set(stored.filter((path) => path.raw === null).map((path) => path.text));
  return found.map((file, index) => {
    const path = stored[index] as NonNullable<(typeof stored)[number]>;
    if (path.raw !== null) {
      let text = path.text;
      for (let n = 2; taken.has(text); n++) text = `${path.text}~${n}`;
      taken.add(text);
      path.text = text;
    }
    const name = file.rel.names.at(-1)?.text ?? '';
    return {
      path,
      absPath: file.absPath,
      rootDir,
      type: fileTypeOf(name),
      size: file.info.size,
      mtimeMs: Math.trunc(file.info.mtimeMs),
      sortIndex: index,
    };
  });
}
