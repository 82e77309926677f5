import type { Label, Work } from '@sasayaki/api-contract';
import type { CatalogueState } from '../repositories/catalogue-version.js';
import type { LabelKind } from '../repositories/label.repository.js';
import { LruMap } from '../util/lru-map.js';
import type { EncodedAnswer } from './encoded-answer.js';
import { SharedLabels } from './shared-labels.js';

/**
 * A page of works as every listener without fields on it gets it: its JSON text, that text gzipped, and
 * the works it shows (so a change to one work drops only the pages that show it).
 */
export interface EncodedPage {
  json: string;
  gzip: Buffer;
  workIds: readonly number[];
}

/**
 * Where the changes to single works are read (repositories/catalogue-version.ts `markWorkChanged`): which
 * works changes `after + 1` to `upTo` touched (null: some were pruned). Their count comes with the version.
 */
export interface WorkChangeFeed {
  worksBetween(after: number, upTo: number): Promise<number[] | null>;
}

/**
 * What the catalogue's lists and works look like changes only when a scan writes or another writer moves
 * the catalogue version (repositories/catalogue-version.ts: metadata merges, hand edits). The cache keeps
 * counts, pages of ids, works (without any user's fields) and the encoded label lists for the current
 * catalogue version, and drops everything when the version moves. A change to one work's card alone (a
 * tag vote: the counts on that work's tags, which no list, count, filter or label list reads) does not
 * move the version: it is numbered in the work change feed, and the cache drops that work and the
 * encoded pages that show it, keeping every other work, page and list. Both are read at most once a
 * second, so another process's change shows within a second.
 */
export class CatalogueCache {
  readonly counts = new LruMap<string, number>(2_000);
  readonly pages = new LruMap<string, number[]>(5_000);
  readonly works = new LruMap<number, Work>(10_000);
  /** The labels the cached works share, one frozen object each (shared-labels.ts). */
  readonly sharedLabels = new SharedLabels();
  readonly encodedPages = new LruMap<string, EncodedPage>(500);
  /**
   * The three label lists, encoded; a promise, so the requests that arrive while one is built wait for
   * that build instead of each starting their own.
   */
  readonly labelLists = new Map<LabelKind, Promise<EncodedAnswer>>();
  /** Single labels by kind and id, for the label pages (`/api/tags/:id/works`). */
  readonly labels = new LruMap<string, Label>(5_000);
  /** What a six-digit code names when no work has it: the one 8-digit work ending in it, or null. */
  readonly shortCodes = new LruMap<number, number | null>(5_000);
  /**
   * Counts the versions seen. Keys of encoded pages start with it, so a page built from the previous
   * version but stored after the move is never found again.
   */
  generation = 0;
  private version: string | null = null;
  private checkedAt = Number.NEGATIVE_INFINITY;
  /** Counts `expire()` calls, so a check that began before one does not count as fresh. */
  private expiries = 0;
  private checking: Promise<void> | null = null;
  /** How many single-work changes the cached entries reflect. */
  private workChangesSeen = 0;
  /**
   * Moves each time entries are dropped (the version moved, or a work changed). A work or page read from
   * the database before a drop is not stored after it (`isCurrent`): it may show what was just dropped.
   */
  private epoch = 0;

  constructor(
    /** The version and the count of single-work changes, in one read (catalogue-version.ts). */
    private readonly readState: () => Promise<CatalogueState>,
    private readonly now: () => number = Date.now,
    private readonly maxAgeMs = 1_000,
    /** Called (not awaited) each time the version is seen to move: housekeeping that follows writes. */
    private readonly onVersionMoved: () => void = () => {},
    /** Changes to single works; none: only the version says the catalogue changed. */
    private readonly workChanges: WorkChangeFeed | null = null,
  ) {}

  /** A cache that forgets everything before each call: for callers that must always read the database. */
  static uncached(): CatalogueCache {
    let version = 0;
    return new CatalogueCache(async () => ({ version: String(++version), workChanges: 0 }), Date.now, 0);
  }

  /** Makes sure the cached entries belong to the current catalogue version. */
  async refresh(): Promise<void> {
    if (this.now() - this.checkedAt < this.maxAgeMs) return;
    await this.checkOnce();
    // Expired while a check that began before the write was under way: that check may have read the
    // version from before it.
    if (this.checkedAt === Number.NEGATIVE_INFINITY) await this.checkOnce();
  }

  /**
   * This process has just changed the catalogue (a metadata merge, a hand edit): the next call reads the
   * version at once instead of up to a second later, so the writer sees its own change.
   */
  expire(): void {
    this.expiries += 1;
    this.checkedAt = Number.NEGATIVE_INFINITY;
  }

  private checkOnce(): Promise<void> {
    this.checking ??= this.check().finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  /** Where the entries stand now: a read that began at another epoch must not be stored. */
  currentEpoch(): number {
    return this.epoch;
  }

  isCurrent(epoch: number): boolean {
    return epoch === this.epoch;
  }

  private async check(): Promise<void> {
    const expiries = this.expiries;
    const { version, workChanges } = await this.readState();
    if (version !== this.version) {
      this.version = version;
      this.workChangesSeen = workChanges;
      this.forgetAll();
    } else if (workChanges !== this.workChangesSeen) {
      const works = await this.workChanges?.worksBetween(this.workChangesSeen, workChanges);
      this.workChangesSeen = workChanges;
      if (works) this.forgetWorks(new Set(works));
      else this.forgetAll();
    }
    if (expiries === this.expiries) this.checkedAt = this.now();
  }

  /** Drops the works and the encoded pages that show any of them; lists of ids, counts and labels stay. */
  private forgetWorks(ids: ReadonlySet<number>): void {
    this.epoch += 1;
    for (const id of ids) this.works.delete(id);
    this.encodedPages.deleteWhere((page) => page.workIds.some((id) => ids.has(id)));
  }

  private forgetAll(): void {
    this.epoch += 1;
    this.counts.clear();
    this.pages.clear();
    this.works.clear();
    this.sharedLabels.clear();
    this.encodedPages.clear();
    this.labelLists.clear();
    this.labels.clear();
    this.shortCodes.clear();
    this.generation += 1;
    this.onVersionMoved();
  }
}
