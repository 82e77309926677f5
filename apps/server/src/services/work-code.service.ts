import { stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { formatWorkCode, matchWorkCode } from '@sasayaki/api-contract';
import type { Config } from '../config/config.js';
import { Conflict, Invalid, NotFound } from '../errors.js';
import type { FolderWorkIdRepository } from '../repositories/folder-work-id.repository.js';
import type { WorkCodeRepository } from '../repositories/work-code.repository.js';
import { sameContentId } from '../scanner/folder-ids.js';
import { PathGuard } from '../scanner/path-guard.js';
import type { ScanReporter } from '../scanner/scan-types.js';
import { isUniqueViolation } from '../util/unique-violation.js';

export interface WorkCodeServiceDeps {
  config: Pick<Config, 'libraryDirs' | 'scan'>;
  folderIds: FolderWorkIdRepository;
  workCodes: WorkCodeRepository;
  /** Starts an incremental scan unless one is running (the new work appears with it). */
  scanSoon(): Promise<void>;
  now(): string;
}

export interface WorkCodeAnswer {
  id: number;
  source_id: string;
}

/** A DLsite code, whole: RJ, BJ or VJ and 6 or 8 digits (LOCAL- ids are the server's to give). */
function parseCode(code: string): number {
  const trimmed = code.trim();
  const match = matchWorkCode(trimmed);
  if (match?.index !== 0 || match.length !== trimmed.length) {
    throw new Invalid('Invalid code', [
      { param: 'code', location: 'body', msg: 'must be an RJ, BJ or VJ code such as RJ123456', value: code },
    ]);
  }
  return match.id;
}

const badPath = (path: string, msg: string) =>
  new Invalid('Invalid folder', [{ param: 'path', location: 'body', msg, value: path }]);

/**
 * Works without a code and new codes (docs/metadata.md, "Works without a code"): an administrator marks a
 * folder as a work (it gets a local id, LOCAL-000001 …), or gives a work another code; everything that
 * hangs on the work follows it, and the old id answers 404 from then on.
 */
export class WorkCodeService {
  constructor(private readonly deps: WorkCodeServiceDeps) {}

  async changeCode(workId: number, code: string): Promise<WorkCodeAnswer> {
    const newId = parseCode(code);
    if (newId !== workId) {
      const outcome = await this.deps.workCodes.moveWork(workId, newId, this.deps.now());
      if (outcome === 'not_found') throw new NotFound('Work not found');
      if (outcome === 'taken') throw new Conflict(`${formatWorkCode(newId)} is already a work`);
    } else if (!(await this.deps.workCodes.exists(workId))) {
      throw new NotFound('Work not found');
    }
    return { id: newId, source_id: formatWorkCode(newId) };
  }

  /** Marks a folder inside a library root as a work of its own; a scan then indexes it. */
  async markFolder(path: string): Promise<WorkCodeAnswer> {
    const folder = await this.folderOf(path);
    await this.refuseExistingWork(path, folder);
    const id = (await this.movedWorkId(folder)) ?? (await this.insertLocal(folder));
    await this.deps.scanSoon();
    return { id, source_id: formatWorkCode(id) };
  }

  /** The folder as the scanner names it: the configured root it lies in and the path below, checked. */
  private async folderOf(
    path: string,
  ): Promise<{ rootDir: string; dir: string; dirRaw: null; absPath: string }> {
    if (!isAbsolute(path)) throw badPath(path, 'must be an absolute path');
    const absPath = resolve(path);
    const rootDir = this.deps.config.libraryDirs.find((root) => {
      const rel = relative(resolve(root), absPath);
      return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
    });
    if (rootDir === undefined) throw badPath(path, 'must be a folder inside a library folder');
    const guard = await PathGuard.forRoots([rootDir]);
    const real = await guard.resolveInside(absPath);
    if (real === null || !(await stat(real).catch(() => null))?.isDirectory()) {
      throw badPath(path, 'must be an existing folder inside the library (not a link out of it)');
    }
    const dir = relative(resolve(rootDir), absPath).split(sep).join('/');
    if (dir.split('/').length > this.deps.config.scan.maxDepth) {
      throw badPath(
        path,
        `must be at most ${this.deps.config.scan.maxDepth} folders below the library folder`,
      );
    }
    return { rootDir, dir, dirRaw: null, absPath };
  }

  /** A folder named with a code, inside a work, or already a work, cannot be marked. */
  private async refuseExistingWork(path: string, folder: { rootDir: string; dir: string }): Promise<void> {
    const segments = folder.dir.split('/');
    const coded = segments.find((segment) => matchWorkCode(segment) !== null);
    if (coded !== undefined) throw new Conflict(`${path} is already a work or inside one (${coded})`);
    const selfAndAncestors = segments.map((_, index) => segments.slice(0, index + 1).join('/'));
    const workId = await this.deps.folderIds.workIdAt(folder.rootDir, selfAndAncestors);
    const known = await this.deps.folderIds.findByFolder({ ...folder, dirRaw: null });
    const id = workId ?? known?.id;
    if (id !== undefined)
      throw new Conflict(`${path} is already a work or inside one (${formatWorkCode(id)})`);
  }

  /** A marked local work whose folder was renamed keeps its id when the new folder has the same content. */
  private async movedWorkId(folder: {
    rootDir: string;
    dir: string;
    absPath: string;
  }): Promise<number | null> {
    const vanished = await this.deps.folderIds.vanishedBySignature();
    if (vanished.size === 0) return null;
    const guard = await PathGuard.forRoots([folder.rootDir]);
    const reporter: ScanReporter = {
      signal: new AbortController().signal,
      issue: () => undefined,
      count: () => undefined,
      setCurrent: () => undefined,
    };
    const work = { rootDir: folder.rootDir, dir: { text: folder.dir, raw: null }, absPath: folder.absPath };
    const id = await sameContentId({ ...work, display: folder.absPath }, vanished, guard, reporter);
    if (id !== null) await this.deps.folderIds.move(id, { ...folder, dirRaw: null });
    return id;
  }

  /** The next local id; a second try when another writer took the same number at the same moment. */
  private async insertLocal(folder: { rootDir: string; dir: string }): Promise<number> {
    for (let attempt = 0; ; attempt += 1) {
      const id = await this.deps.folderIds.nextLocalId();
      try {
        await this.deps.folderIds.insert(id, { ...folder, dirRaw: null }, true, this.deps.now());
        return id;
      } catch (error) {
        if (attempt >= 2 || !isUniqueViolation(error)) throw error;
      }
    }
  }
}
