import type { Label, Work } from '@sasayaki/api-contract';
import type { LabelKind } from '../repositories/label.repository.js';
import { LruMap } from '../util/lru-map.js';
import type { EncodedAnswer } from './encoded-answer.js';

/** A page of works as every listener without fields on it gets it: its JSON text, and that text gzipped. */
export interface EncodedPage {
  json: string;
  gzip: Buffer;
}

/**
 * What the catalogue's lists and works look like changes only when a scan writes or another writer moves
 * the catalogue version (repositories/catalogue-version.ts: metadata merges, hand edits). The cache keeps
 * counts, pages of ids, works (without any user's fields) and the encoded label lists for the current
 * catalogue version, and drops everything when the version moves. The version is read at most once a
 * second, so another process's change shows within a second.
 */
export class CatalogueCache {
  readonly counts = new LruMap<string, number>(2_000);
  readonly pages = new LruMap<string, number[]>(5_000);
  readonly works = new LruMap<number, Work>(10_000);
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

  constructor(
    private readonly readVersion: () => Promise<string>,
    private readonly now: () => number = Date.now,
    private readonly maxAgeMs = 1_000,
    /** Called (not awaited) each time the version is seen to move: housekeeping that follows writes. */
    private readonly onVersionMoved: () => void = () => {},
  ) {}

  /** A cache that forgets everything before each call: for callers that must always read the database. */
  static uncached(): CatalogueCache {
    let version = 0;
    return new CatalogueCache(async () => String(++version), Date.now, 0);
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

  private async check(): Promise<void> {
    const expiries = this.expiries;
    const version = await this.readVersion();
    if (expiries === this.expiries) this.checkedAt = this.now();
    if (version === this.version) return;
    this.version = version;
    this.counts.clear();
    this.pages.clear();
    this.works.clear();
    this.encodedPages.clear();
    this.labelLists.clear();
    this.labels.clear();
    this.shortCodes.clear();
    this.generation += 1;
    this.onVersionMoved();
  }
}
