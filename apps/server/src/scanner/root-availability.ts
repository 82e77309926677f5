import { opendir, stat } from 'node:fs/promises';
import type { WorkMetadataStore } from '../metadata/work-metadata-store.js';
import type { WorkAvailabilityRepository } from '../repositories/work-availability.repository.js';
import type { ScanScope } from './discover-folders.js';
import type { ScanReporter } from './scan-types.js';

/** A library folder as a scan or the watcher finds it: `missing` also stands for unreadable. */
export type RootState = 'mounted' | 'missing' | 'empty';

/**
 * Whether a library folder is there: a readable folder with at least one entry. An unmounted mount point
 * is an empty folder (or no folder at all), so this is what tells a mount that went away. Reads one entry
 * at most, whatever the folder holds.
 */
export async function probeRoot(root: string): Promise<RootState> {
  try {
    if (!(await stat(root)).isDirectory()) return 'missing';
    const dir = await opendir(root);
    try {
      return (await dir.read()) === null ? 'empty' : 'mounted';
    } finally {
      await dir.close();
    }
  } catch {
    return 'missing';
  }
}

export interface RootAvailabilityDeps {
  availability: Pick<WorkAvailabilityRepository, 'hideRoot' | 'unavailableOf' | 'restore'>;
  /** Groups of language editions whose members came or went are placed again. */
  metadata: Pick<WorkMetadataStore, 'placeEditionGroupsOf'>;
  now(): string;
}

/** Whether a work's folder (relative to its root) lies in a targeted scan's folders; every work when untargeted. */
export function inScope(scope: ScanScope | undefined, rootDir: string, dir: string): boolean {
  if (!scope) return true;
  const top = dir.split('/', 1)[0] as string;
  return scope.get(rootDir)?.has(top) ?? false;
}

/**
 * Before a scan reads the library (issue 15, "unavailable" works): each library folder it covers is probed.
 * One that is not mounted (missing, unreadable, or empty) hides its works, never removing them, and the
 * administrator is told which folder and how many works; an empty folder that never had works is just
 * empty. One that is mounted shows again the works hidden while it was not (those in the scan's folders),
 * before the scan looks at them: an unchanged one is then not read again, and one whose own folder did not
 * come back is marked missing by the scan like any other.
 */
export async function settleRootAvailability(
  roots: readonly string[],
  scope: ScanScope | undefined,
  deps: RootAvailabilityDeps,
  reporter: ScanReporter,
): Promise<void> {
  for (const root of roots) {
    if (scope && !scope.has(root)) continue;
    const state = await probeRoot(root);
    const unavailable = await deps.availability.unavailableOf([root]);
    if (state === 'mounted') {
      const back = unavailable.filter((work) => inScope(scope, root, work.dir)).map((work) => work.id);
      await deps.availability.restore(back);
      await deps.metadata.placeEditionGroupsOf(back);
      continue;
    }
    const hidden = await deps.availability.hideRoot(root, deps.now());
    await deps.metadata.placeEditionGroupsOf(hidden);
    const works = hidden.length + unavailable.length;
    if (works === 0) continue;
    const why = state === 'empty' ? 'is empty where works were' : 'is missing or cannot be read';
    reporter.issue(
      root,
      `Library folder ${why}: not mounted? Its ${works} works are unavailable (hidden, never removed) until it is back`,
      'error',
    );
  }
}
