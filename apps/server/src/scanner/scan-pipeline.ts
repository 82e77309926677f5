import type { ScanMode } from '@sasayaki/api-contract';
import { forEachBounded } from '../jobs/bounded-concurrency.js';
import { refreshPlaceholders, type TagsAnswerSink } from '../metadata/audio-tag-placeholders.js';
import type { WorkMetadataStore } from '../metadata/work-metadata-store.js';
import type { AudioTagRepository } from '../repositories/audio-tag.repository.js';
import type { CatalogueWriteRepository } from '../repositories/catalogue-write.repository.js';
import { type FolderWorkIdRepository, folderKey } from '../repositories/folder-work-id.repository.js';
import { CommitBatches, type CommitBatchLimits, scanBatchWriter } from './commit-batches.js';
import { discoverWorkFolders, type ScanScope } from './discover-folders.js';
import { numberNewLocalFolders } from './folder-ids.js';
import type { CoverSaver } from './make-cover.js';
import { PathGuard } from './path-guard.js';
import type { AudioReader } from './read-audio-headers.js';
import { inScope } from './root-availability.js';
import { ScanCancelled, type ScanReporter } from './scan-types.js';
import { scanWork } from './scan-work.js';

export interface PipelineOptions {
  libraryDirs: readonly string[];
  maxDepth: number;
  concurrency: number;
  /** A targeted scan: only these top-level folders are read, and only their works can go missing. */
  scope?: ScanScope;
  /** Works a commit (commit-batches.ts `SCAN_COMMIT_LIMITS` unless a test asks for others). */
  commitLimits?: CommitBatchLimits;
}

export interface PipelineDeps {
  catalogue: CatalogueWriteRepository;
  /** The merge, and after works went missing, their groups of language editions placed again. */
  metadata: Pick<WorkMetadataStore, 'saveAndMergeManyInCommit' | 'placeEditionGroupsOf'> & TagsAnswerSink;
  folderIds: FolderWorkIdRepository;
  /** Raw audio tag values and the placeholders among them (metadata/audio-tag-placeholders.ts). */
  audioTags: AudioTagRepository;
  covers: CoverSaver;
  preferRemoteCover?: boolean;
  audio: AudioReader;
  now(): string;
}

/**
 * The whole scan: discover folders, then each work through index → tags and durations → metadata →
 * covers, `concurrency` works at a time, and into the commit batches; finally works whose folders are
 * gone are marked missing. Resolves 'cancelled' when the reporter's signal aborted (nothing is marked
 * missing then; the works already read are still committed).
 */
export async function runScanPipeline(
  mode: ScanMode,
  options: PipelineOptions,
  deps: PipelineDeps,
  reporter: ScanReporter,
): Promise<'finished' | 'cancelled'> {
  try {
    const guard = await PathGuard.forRoots(options.libraryDirs);
    const folderIds = new Map(
      (await deps.folderIds.list()).map((row) => [folderKey(row.root_dir, row.dir), row]),
    );
    const discovery = await discoverWorkFolders(
      options.libraryDirs,
      options.maxDepth,
      guard,
      reporter,
      folderIds,
      options.scope,
    );
    const previous = await deps.catalogue.loadWorkStates();
    const works = [
      ...discovery.works,
      ...(await numberNewLocalFolders(
        discovery.newLocalFolders,
        new Set(discovery.works.map((work) => work.id)),
        previous,
        { folderIds: deps.folderIds, guard, now: deps.now },
        reporter,
      )),
    ];
    reporter.count('found', works.length);
    const placeholders = await deps.audioTags.storedPlaceholders();
    const commits = new CommitBatches(scanBatchWriter(deps), reporter, options.commitLimits);
    const workDeps = { ...deps, guard, commits, placeholders };
    const seen = new Set<number>();

    try {
      await forEachBounded(works, options.concurrency, reporter.signal, async (work) => {
        reporter.setCurrent(work.display);
        try {
          const outcome = await scanWork(work, mode, previous.get(work.id), workDeps, reporter);
          // The scanner page says "60 works unchanged" after a scan with nothing to do, not "0 of 60".
          if (outcome === 'unchanged') reporter.count('unchanged');
          // A work that failed to read keeps its row as it was: not missing, not counted as removed.
          seen.add(work.id);
        } catch (error) {
          if (error instanceof ScanCancelled) return;
          seen.add(work.id);
          reporter.issue(
            work.display,
            `Scan of the work failed: ${(error as Error).message}`,
            'error',
            'failed',
          );
        }
      });
    } finally {
      // Works read before a cancellation or a failure are still written.
      await commits.close();
    }
    if (reporter.signal.aborted) return 'cancelled';

    const unreachable = new Set(discovery.unreachableRoots);
    const gone = [...previous.values()]
      .filter(
        (work) =>
          work.missing === 0 &&
          !seen.has(work.id) &&
          !unreachable.has(work.root_dir) &&
          inScope(options.scope, work.root_dir, work.dir),
      )
      .map((work) => work.id);
    await deps.catalogue.markMissing(gone, deps.now());
    await deps.metadata.placeEditionGroupsOf(gone);
    reporter.count('removed', gone.length);
    // Once per scan: placeholders found among the tags read; works whose answer changes are merged again.
    await refreshPlaceholders(deps.audioTags, deps.metadata);
    reporter.setCurrent(null);
    return 'finished';
  } catch (error) {
    if (error instanceof ScanCancelled) return 'cancelled';
    throw error;
  }
}
