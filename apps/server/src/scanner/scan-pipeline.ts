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
import { workFolderOf } from './fs-names.js';
import type { CoverSaver } from './make-cover.js';
import { PathGuard } from './path-guard.js';
import type { AudioReader } from './read-audio-headers.js';
import { worksNotFound } from './removed-works.js';
import { inScope } from './root-availability.js';
import { type FoundFolder, ScanCancelled, type ScanReporter, type WorkFolder } from './scan-types.js';
import { scanWork } from './scan-work.js';
import { WorkIdSet } from './work-id-set.js';

/**
 * Folders whose stored state is loaded at once. The scan holds one chunk's states, so its memory does not
 * grow with the library; a chunk costs two primary-key reads, and its last works finish before the next
 * chunk starts (a pause of about one work per thousand).
 */
export const STATE_CHUNK = 1000;

export interface PipelineOptions {
  libraryDirs: readonly string[];
  maxDepth: number;
  concurrency: number;
  /** A targeted scan: only these top-level folders are read, and only their works can go missing. */
  scope?: ScanScope;
  /** Works a commit (commit-batches.ts `SCAN_COMMIT_LIMITS` unless a test asks for others). */
  commitLimits?: CommitBatchLimits;
  /** Folders whose stored state is loaded at once (`STATE_CHUNK` unless a test asks for fewer). */
  stateChunk?: number;
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
    deps.catalogue.forgetResolvedLabels();
    const works: Array<FoundFolder | WorkFolder> = [
      ...discovery.works,
      ...(await numberNewLocalFolders(
        discovery.newLocalFolders,
        WorkIdSet.of(discovery.works.map((work) => work.id)),
        { folderIds: deps.folderIds, catalogue: deps.catalogue, guard, now: deps.now },
        reporter,
      )),
    ];
    reporter.count('found', works.length);
    // Every work found is read (or fails and keeps its row) unless the scan is cancelled, and a cancelled
    // scan marks nothing missing: so the works found are the ones not to mark.
    const found = WorkIdSet.of(works.map((work) => work.id));
    const placeholders = await deps.audioTags.storedPlaceholders();
    const commits = new CommitBatches(scanBatchWriter(deps), reporter, options.commitLimits);
    const workDeps = { ...deps, guard, commits, placeholders };

    try {
      // The stored state of one chunk of folders at a time (by primary key), not of the whole library.
      const chunkSize = options.stateChunk ?? STATE_CHUNK;
      for (let start = 0; start < works.length && !reporter.signal.aborted; start += chunkSize) {
        const chunk = works.slice(start, start + chunkSize);
        const previous = await deps.catalogue.loadWorkStates(chunk.map((work) => work.id));
        await forEachBounded(chunk, options.concurrency, reporter.signal, async (found) => {
          const work = workFolderOf(found);
          reporter.setCurrent(work.display);
          try {
            const outcome = await scanWork(work, mode, previous.get(work.id), workDeps, reporter);
            // The scanner page says "60 works unchanged" after a scan with nothing to do, not "0 of 60".
            if (outcome === 'unchanged') reporter.count('unchanged');
          } catch (error) {
            if (error instanceof ScanCancelled) return;
            // A work that failed to read keeps its row as it was: not missing, not counted as removed.
            reporter.issue(
              work.display,
              `Scan of the work failed: ${(error as Error).message}`,
              'error',
              'failed',
            );
          }
        });
      }
    } finally {
      // Works read before a cancellation or a failure are still written.
      await commits.close();
    }
    if (reporter.signal.aborted) return 'cancelled';

    const unreachable = new Set(discovery.unreachableRoots);
    const gone = await worksNotFound(
      deps.catalogue,
      found,
      (work) => !unreachable.has(work.root_dir) && inScope(options.scope, work.root_dir, work.dir),
    );
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
