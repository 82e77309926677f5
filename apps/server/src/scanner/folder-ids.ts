import type { CatalogueWriteRepository } from '../repositories/catalogue-write.repository.js';
import type { FolderRef, FolderWorkIdRepository } from '../repositories/folder-work-id.repository.js';
import { contentSignature } from './content-signature.js';
import type { NewLocalFolder } from './discover-folders.js';
import { indexWorkFiles } from './index-files.js';
import type { PathGuard } from './path-guard.js';
import type { ScanReporter, WorkFolder } from './scan-types.js';

export function folderRefOf(folder: Pick<WorkFolder, 'rootDir' | 'dir'>): FolderRef {
  return { rootDir: folder.rootDir, dir: folder.dir.text, dirRaw: folder.dir.raw };
}

/**
 * Gives each new folder without a code its work id. A renamed folder keeps its id: when a local work's
 * folder was not found this scan and a new folder has the same content signature (its files' paths, sizes
 * and times), the id moves to the new folder. Only then are the new folders indexed here, so a library with
 * no vanished local work pays nothing; anything else gets the next local id, in path order.
 */
export async function numberNewLocalFolders(
  folders: readonly NewLocalFolder[],
  foundIds: Pick<ReadonlySet<number>, 'has'>,
  deps: {
    folderIds: FolderWorkIdRepository;
    catalogue: Pick<CatalogueWriteRepository, 'loadWorkStates'>;
    guard: PathGuard;
    now(): string;
  },
  reporter: ScanReporter,
): Promise<WorkFolder[]> {
  const vanished = new Map<string, number>();
  if (folders.length > 0) {
    // Only the stored works of folders not found this scan: a few per library (folder_work_ids).
    const notFound = (await deps.folderIds.list()).map((row) => row.id).filter((id) => !foundIds.has(id));
    const states = await deps.catalogue.loadWorkStates(notFound);
    for (const id of notFound) {
      const signature = states.get(id)?.content_signature;
      if (signature) vanished.set(signature, id);
    }
  }
  const works: WorkFolder[] = [];
  for (const folder of folders) {
    const movedId = vanished.size > 0 ? await sameContentId(folder, vanished, deps.guard, reporter) : null;
    if (movedId !== null) {
      await deps.folderIds.move(movedId, folderRefOf(folder));
      works.push({ ...folder, id: movedId });
      continue;
    }
    const id = await deps.folderIds.nextLocalId();
    await deps.folderIds.insert(id, folderRefOf(folder), false, deps.now());
    works.push({ ...folder, id });
  }
  return works;
}

/** The id of the vanished work whose content signature the folder has, taken out of `vanished`; else null. */
export async function sameContentId(
  folder: NewLocalFolder,
  vanished: Map<string, number>,
  guard: PathGuard,
  reporter: ScanReporter,
): Promise<number | null> {
  // Problems are reported when the work itself is indexed; this look is silent.
  const quiet: ScanReporter = {
    signal: reporter.signal,
    issue: () => undefined,
    count: () => undefined,
    setCurrent: () => undefined,
  };
  const files = await indexWorkFiles({ ...folder, id: 0 }, guard, quiet);
  const signature = files && files.length > 0 ? contentSignature(files) : null;
  const id = signature === null ? undefined : vanished.get(signature);
  if (id === undefined) return null;
  vanished.delete(signature as string);
  return id;
}
