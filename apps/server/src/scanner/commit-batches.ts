import type { AudioTagValue } from '../metadata/audio-tags-provider.js';
import type { WorkMetadataStore } from '../metadata/work-metadata-store.js';
import type { AudioTagRepository } from '../repositories/audio-tag.repository.js';
import type { CatalogueWriteRepository, WorkCommit } from '../repositories/catalogue-write.repository.js';
import type { LocalAnswers } from './resolve-metadata.js';
import type { ScanReporter } from './scan-types.js';

/** A work read and resolved (phases 2 to 5), waiting for its batch's commit (phase 6). */
export interface ScannedWork {
  commit: WorkCommit;
  /** The local providers' answers, stored and merged in the same transaction (every provider answers). */
  answers: LocalAnswers;
  /** The raw audio tag values read for the metadata, if any (the placeholder rule counts them). */
  audioTags: readonly AudioTagValue[];
  /** The folder, for the problem reported when the work cannot be saved. */
  display: string;
}

export interface CommitBatchLimits {
  /** Works in one transaction at most. */
  maxWorks: number;
  /** How long a queued work waits for others at most: progress and a watched folder's new work show within it. */
  maxWaitMs: number;
}

/** Commits works in one transaction and says which of them were new. */
export type WriteBatch = (works: readonly ScannedWork[]) => Promise<ReadonlyMap<number, 'added' | 'updated'>>;

/**
 * Works a scan commits together. Each commit writes the rows of `works` and its 18 secondary indexes, the
 * trigram index (a new FTS5 segment per transaction on SQLite) and the label links: a transaction per work
 * cost about twenty statements and a journal flush each. A batch costs a constant number of statements
 * (repositories/catalogue-write.repository.ts `commitWorks`, metadata/work-metadata-store.ts `mergeWorks`).
 */
export const SCAN_COMMIT_LIMITS: CommitBatchLimits = { maxWorks: 100, maxWaitMs: 200 };

/**
 * The commit phase of a scan: queues scanned works and commits them a batch at a time, one batch after
 * another, each in one transaction, so a scan killed half-way leaves each work as it was or fully
 * written (the next scan redoes the lost batch: its signatures were lost with it). A batch the database
 * refuses is committed again one work at a time, so one bad work fails alone, as before batches. Counts
 * `added`/`updated` when a work's batch has committed, `failed` (with the problem) when it cannot be saved.
 */
export class CommitBatches {
  private pending: ScannedWork[] = [];
  private timer: NodeJS.Timeout | null = null;
  /** The batches handed to the database, in order; resolves when the last of them has ended. */
  private tail: Promise<void> = Promise.resolve();
  private committing = false;

  constructor(
    private readonly write: WriteBatch,
    private readonly reporter: Pick<ScanReporter, 'issue' | 'count'>,
    private readonly limits: CommitBatchLimits = SCAN_COMMIT_LIMITS,
  ) {}

  /**
   * Queues a work. Resolves at once unless it fills the batch; then once the batch before has committed,
   * so at most two batches are held (one committing, one filling) however far reading runs ahead.
   */
  async add(work: ScannedWork): Promise<void> {
    this.pending.push(work);
    if (this.pending.length >= this.limits.maxWorks) await this.flush();
    else this.timer ??= setTimeout(() => this.flushWhenIdle(), this.limits.maxWaitMs);
  }

  /** Commits what is queued and resolves when every batch has ended. */
  async close(): Promise<void> {
    await this.flush();
    await this.tail;
  }

  /** A batch is committing: the queued works wait for it and may fill theirs rather than commit a few. */
  private flushWhenIdle(): void {
    this.timer = null;
    if (this.committing) this.timer = setTimeout(() => this.flushWhenIdle(), this.limits.maxWaitMs);
    else void this.flush();
  }

  /** Hands the queued works to the database after the batches before; resolves when those have ended. */
  private flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = [];
    const before = this.tail;
    if (batch.length > 0) this.tail = before.then(() => this.commit(batch));
    return before;
  }

  private async commit(batch: readonly ScannedWork[]): Promise<void> {
    this.committing = true;
    try {
      await this.settle(batch);
    } finally {
      this.committing = false;
    }
  }

  /** Never rejects: every work of the batch ends counted as written or failed. */
  private async settle(batch: readonly ScannedWork[]): Promise<void> {
    try {
      const outcomes = await this.write(batch);
      for (const work of batch) {
        const outcome = outcomes.get(work.commit.work.id);
        if (outcome) this.reporter.count(outcome);
      }
      return;
    } catch (error) {
      const [only] = batch;
      if (batch.length === 1 && only) {
        const message = `Cannot save the work: ${(error as Error).message}`;
        this.reporter.issue(only.display, message, 'error', 'failed');
        return;
      }
    }
    for (const work of batch) await this.settle([work]);
  }
}

/** The scan's batch write: each work's scanned columns and files, its audio tag values and its merge. */
export function scanBatchWriter(deps: {
  catalogue: Pick<CatalogueWriteRepository, 'commitWorks'>;
  audioTags: Pick<AudioTagRepository, 'replaceMany'>;
  metadata: Pick<WorkMetadataStore, 'saveAndMergeManyInCommit'>;
  now(): string;
}): WriteBatch {
  return (works) =>
    deps.catalogue.commitWorks(
      works.map((work) => work.commit),
      deps.now(),
      async (trx, labels) => {
        await deps.audioTags.replaceMany(
          trx,
          works.map((work) => ({ workId: work.commit.work.id, values: work.audioTags })),
        );
        await deps.metadata.saveAndMergeManyInCommit(
          trx,
          labels,
          works.flatMap((work) =>
            work.answers.map(([provider, result]) => ({ workId: work.commit.work.id, provider, result })),
          ),
        );
      },
    );
}
