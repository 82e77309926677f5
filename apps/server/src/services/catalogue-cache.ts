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

/** Who changed the catalogue: a write made for a request, or a background job's (the DLsite fetch). */
export type ChangeOrigin = 'request' | 'background';

const ENCODED_PAGES = 500;

/**
 * How long the previous version's encoded pages may be answered after a background move was seen, while
 * their new builds run: a bound on how stale an answer can be when a build is slow (a loaded database).
 */
const MAX_STALE_MS = 2_000;

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
 *
 * Read ahead, off the request path: a request that finds the last check past half its second starts the
 * next one after its answer (`refresh`), and a background job's write starts one as soon as it is
 * committed (`expire('background')`), so while requests come none of them waits for the version read
 * (bench README, "DLsite metadata"). A request still waits when the last check is a second old (a quiet
 * process), and after a write made for a request of this process, which it must see.
 *
 * Stale while rebuilt: when a background job moved the version (a scan's heartbeat; this process's
 * DLsite fetch, `expire('background')`) and no request of this process wrote since the last check, the
 * encoded pages of the version before are kept aside for `maxStaleMs`, so a request for a page not yet
 * built again is answered with its previous bytes while one build runs off the request path
 * (CatalogueService.page). A write made for a request of this process (`expire()`, the default origin),
 * another process's write or a change to single works drops them: nobody is answered from before their
 * own write, and another process's shows within the check's second as before.
 */
export class CatalogueCache {
  readonly counts = new LruMap<string, number>(2_000);
  readonly pages = new LruMap<string, number[]>(5_000);
  readonly works = new LruMap<number, Work>(10_000);
  /** The labels the cached works share, one frozen object each (shared-labels.ts). */
  readonly sharedLabels = new SharedLabels();
  /** Replaced, not cleared, when the version moves: the old map may be kept aside (`stalePage`). */
  encodedPages = new LruMap<string, EncodedPage>(ENCODED_PAGES);
  /**
   * Builds of encoded pages under way, by key: a request that finds its page being built waits for that
   * build instead of starting another (the page after a move is asked by many at once).
   */
  readonly encodedPageBuilds = new Map<string, Promise<EncodedPage>>();
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
  /** Counts this process's writes by origin (`expire`), and those the last check saw. */
  private ownWrites = { request: 0, background: 0 };
  private ownWritesSeen = { request: 0, background: 0 };
  /** The writes outside scans (`CatalogueState.writes`) the last check saw. */
  private writesSeen = 0;
  /** The encoded pages of the version before a background move, answerable until `until`. */
  private previous: { pages: LruMap<string, EncodedPage>; generation: number; until: number } | null = null;
  private checking: Promise<void> | null = null;
  /** A check is asked for off the request path (`checkAhead`) and has not begun yet. */
  private aheadAsked = false;
  /** How many single-work changes the cached entries reflect. */
  private workChangesSeen = 0;
  /**
   * Moves each time entries are dropped (the version moved, or a work changed). A work or page read from
   * the database before a drop is not stored after it (`isCurrent`): it may show what was just dropped.
   */
  private epoch = 0;
  /**
   * Moves with `epoch`, except at a background move: a scan's heartbeat and this process's metadata
   * fetch write no listener's reviews nor votes, so the marks read before them stay true (`marksEpoch`).
   */
  private marksEpochCount = 0;

  constructor(
    /** The version and the count of single-work changes, in one read (catalogue-version.ts). */
    private readonly readState: () => Promise<CatalogueState>,
    private readonly now: () => number = Date.now,
    private readonly maxAgeMs = 1_000,
    /** Called (not awaited) each time the version is seen to move: housekeeping that follows writes. */
    private readonly onVersionMoved: () => void = () => {},
    /** Changes to single works; none: only the version says the catalogue changed. */
    private readonly workChanges: WorkChangeFeed | null = null,
    /** How long after a background move was seen the previous version's pages may still be answered. */
    private readonly maxStaleMs = MAX_STALE_MS,
  ) {}

  /** A cache that forgets everything before each call: for callers that must always read the database. */
  static uncached(): CatalogueCache {
    let version = 0;
    return new CatalogueCache(
      async () => ({ version: String(++version), workChanges: 0, writes: version }),
      Date.now,
      0,
    );
  }

  /** Makes sure the cached entries belong to the current catalogue version. */
  async refresh(): Promise<void> {
    const age = this.now() - this.checkedAt;
    if (age < this.maxAgeMs) {
      if (age >= this.maxAgeMs / 2 && !this.checking) this.checkAhead();
      return;
    }
    await this.checkOnce();
    // Expired while a check that began before the write was under way: that check may have read the
    // version from before it.
    if (this.checkedAt === Number.NEGATIVE_INFINITY) await this.checkOnce();
  }

  /**
   * This process has just changed the catalogue (a metadata merge, a hand edit). A write made for a
   * request: the next call reads the version at once instead of up to a second later, so the writer sees
   * its own change, and no previous page is answered any more (`stalePage`). A background job's write
   * (nobody waits to see it): the version is read now, off any request, and the previous pages may be
   * answered while they are built again; a request meanwhile gets the pages of before, as it would have
   * a moment earlier.
   */
  expire(origin: ChangeOrigin = 'request'): void {
    this.ownWrites[origin] += 1;
    if (origin === 'background') {
      this.checkAhead();
      return;
    }
    this.expiries += 1;
    this.checkedAt = Number.NEGATIVE_INFINITY;
  }

  /**
   * Starts a check off the request path: after the check under way (it may have read the version before
   * a write that asked for this one), else once the request at hand is answered (on SQLite the read runs
   * on this thread). A failed read is left to the next request, which reads again.
   */
  private checkAhead(): void {
    if (this.aheadAsked) return;
    this.aheadAsked = true;
    const start = () => {
      this.aheadAsked = false;
      this.checkOnce().catch(() => {});
    };
    if (this.checking) this.checking.then(start, start);
    else setImmediate(start);
  }

  /**
   * The previous version's encoded page under `key` (the key without its generation), while a background
   * move is at most `maxStaleMs` old and no request's write of this process came since; else undefined.
   */
  stalePage(key: string): EncodedPage | undefined {
    const { previous } = this;
    if (!previous || this.now() >= previous.until || this.ownWrites.request !== this.ownWritesSeen.request)
      return undefined;
    return previous.pages.get(`${previous.generation}|${key}`);
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

  /**
   * What a listener's marks are kept for (UserMarks): moves when a change may have given them other
   * marks (a tag vote, a work moved to a new code, any write outside this process's background job),
   * not at a background move, after which the first page of each listener would read them again.
   */
  marksEpoch(): number {
    return this.marksEpochCount;
  }

  private async check(): Promise<void> {
    const expiries = this.expiries;
    const own = { ...this.ownWrites };
    const { version, workChanges, writes } = await this.readState();
    // A background move: a scan's heartbeat, or this process's background job wrote, and nobody else:
    // no request of this process (it must see its write), no other process (a hand edit there shows at
    // the first request after the check, as before), so every write since is one of the job's, and no
    // single work changed (a tag vote). The first version seen is no move.
    const background =
      this.version !== null &&
      own.request === this.ownWritesSeen.request &&
      writes - this.writesSeen === own.background - this.ownWritesSeen.background &&
      workChanges === this.workChangesSeen;
    this.ownWritesSeen = own;
    this.writesSeen = writes;
    // Pages past their bound are let go (up to 500 encoded pages), not kept until the next move.
    if (this.previous && this.now() >= this.previous.until) this.previous = null;
    if (version !== this.version) {
      this.version = version;
      this.workChangesSeen = workChanges;
      this.forgetAll(background);
    } else if (workChanges !== this.workChangesSeen) {
      const works = await this.workChanges?.worksBetween(this.workChangesSeen, workChanges);
      this.workChangesSeen = workChanges;
      if (works) this.forgetWorks(new Set(works));
      else this.forgetAll(false);
    }
    if (expiries === this.expiries) this.checkedAt = this.now();
  }

  /** Drops the works and the encoded pages that show any of them; lists of ids, counts and labels stay. */
  private forgetWorks(ids: ReadonlySet<number>): void {
    this.epoch += 1;
    this.marksEpochCount += 1;
    this.previous = null;
    for (const id of ids) this.works.delete(id);
    this.encodedPages.deleteWhere((page) => page.workIds.some((id) => ids.has(id)));
  }

  /** `keepPages`: the move came from the background, so the encoded pages are kept aside a moment. */
  private forgetAll(keepPages: boolean): void {
    this.epoch += 1;
    if (!keepPages) this.marksEpochCount += 1;
    this.counts.clear();
    this.pages.clear();
    this.works.clear();
    this.sharedLabels.clear();
    if (!keepPages) this.previous = null;
    // Pages kept aside at an earlier move that none was built since stay with their own deadline.
    else if (this.encodedPages.size > 0)
      this.previous = {
        pages: this.encodedPages,
        generation: this.generation,
        until: this.now() + this.maxStaleMs,
      };
    this.encodedPages = new LruMap(ENCODED_PAGES);
    this.labelLists.clear();
    this.labels.clear();
    this.shortCodes.clear();
    this.generation += 1;
    this.onVersionMoved();
  }
}
