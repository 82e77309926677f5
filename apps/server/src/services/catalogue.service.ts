import {
  DEFAULT_ORDER,
  DEFAULT_SORT,
  type Envelope,
  type Label,
  type LabelWithCount,
  PAGE_SIZE,
  type TrackNode,
  type Work,
  type WorkOrder,
} from '@sasayaki/api-contract';
import { NotFound } from '../errors.js';
import type { FileRepository } from '../repositories/file.repository.js';
import type { LabelKind, LabelRepository, LabelRow } from '../repositories/label.repository.js';
import type { UserWorkFields, WorkPageRequest, WorkRepository } from '../repositories/work.repository.js';
import type { WorkFilter } from '../repositories/work-query.js';
import { CatalogueCache, type ChangeOrigin, type EncodedPage } from './catalogue-cache.js';
import { type EncodedAnswer, encodeAnswer } from './encoded-answer.js';
import { buildTrackTree } from './track-tree.js';
import { type MarkedWorks, UserMarks } from './user-marks.js';
import { toWork, withUserFields } from './work-serializer.js';

export interface ListOptions {
  page?: number;
  pageSize?: number;
  order?: WorkOrder;
  sort?: 'asc' | 'desc';
  seed?: number;
}

/**
 * A page of works, and when it is the same for every listener without fields on it (no user's fields on
 * it, an order that depends on neither user nor chance) the key its encoded form is kept under.
 */
export interface CataloguePage {
  envelope(): Promise<Envelope>;
  sharedKey: string | null;
  /**
   * The same page as the catalogue version before a background move showed it, to answer now (the page
   * under `sharedKey` is not built yet), and how to build that page for every listener off the request.
   */
  stale?: { answer: EncodedPage; sharedEnvelope(): Promise<Envelope> };
}

const NO_USER_FIELDS: ReadonlyMap<number, UserWorkFields> = new Map();

const LABEL_NOUN: Record<LabelKind, string> = { circles: 'Circle', tags: 'Tag', vas: 'Voice actor' };

/** The catalogue's read side: lists, single works, trees and labels, shaped as the contract says. */
export class CatalogueService {
  private readonly cache: CatalogueCache;
  private readonly random: () => number;
  private readonly lowBitrate: () => boolean;
  private readonly marks: UserMarks;

  constructor(
    private readonly works: WorkRepository,
    private readonly labels: LabelRepository,
    private readonly files: FileRepository,
    options: {
      /** Counts, pages and works of the current catalogue version; none: every call reads the database. */
      cache?: CatalogueCache;
      random?: () => number;
      /** Whether low-bitrate streams are on (ffmpeg was found at start-up). */
      lowBitrate?: () => boolean;
      /** Which works each listener marked; by default read through `works`, checked once a second. */
      marks?: UserMarks;
    } = {},
  ) {
    this.cache = options.cache ?? CatalogueCache.uncached();
    this.marks = options.marks ?? new UserMarks(works);
    this.random = options.random ?? Math.random;
    this.lowBitrate = options.lowBitrate ?? (() => false);
  }

  /** Moves whenever the catalogue does (read at most once a second): derived indexes key on it. */
  async generation(): Promise<number> {
    await this.cache.refresh();
    return this.cache.generation;
  }

  /**
   * This process changed the catalogue: its next read sees the change (see CatalogueCache.expire). A
   * background job's change may be answered from the pages before it while they are built again.
   */
  catalogueChanged(origin: ChangeOrigin = 'request'): void {
    this.cache.expire(origin);
  }

  async list(filter: WorkFilter, options: ListOptions, userId: number | null): Promise<Envelope> {
    return (await this.page(filter, options, userId)).envelope();
  }

  async page(filter: WorkFilter, options: ListOptions, userId: number | null): Promise<CataloguePage> {
    const named = onlyWorkNamed(filter);
    if (named !== null)
      return this.namedWorkPage(named, options.page ?? 1, options.pageSize ?? PAGE_SIZE, userId);
    await this.cache.refresh();
    const key = sharedPageKey(filter, options);
    const stale = key === null ? null : await this.stalePage(key, filter, options, userId);
    return stale ?? this.freshPage(filter, options, userId, key);
  }

  /**
   * After a background move (each batch of the DLsite fetch, a scan's heartbeat) a shared page not built
   * again yet is answered as the version before showed it, while the build runs off the request: on the
   * request path it was the count, the ids, the marks and the cards, waiting behind the writer (bench
   * README, "DLsite metadata"). Not for a listener with fields on one of its works: those must be theirs
   * as of now, so their page is built for them as usual.
   */
  private async stalePage(
    key: string,
    filter: WorkFilter,
    options: ListOptions,
    userId: number | null,
  ): Promise<CataloguePage | null> {
    const sharedKey = `${this.cache.generation}|${key}`;
    if (this.cache.encodedPages.get(sharedKey)) return null;
    const stale = this.cache.stalePage(key);
    if (!stale) return null;
    if (userId !== null) {
      const { reviewed } = await this.marksOf(userId);
      if (stale.workIds.some((id) => reviewed.has(id))) return null;
    }
    const fresh = async (forUser: number | null) =>
      (await this.freshPage(filter, options, forUser, key)).envelope();
    return {
      envelope: () => fresh(userId),
      sharedKey,
      stale: { answer: stale, sharedEnvelope: () => fresh(null) },
    };
  }

  /** The page as of the current version; `key`: what it is kept under when shared (`sharedPageKey`). */
  private async freshPage(
    filter: WorkFilter,
    options: ListOptions,
    userId: number | null,
    key: string | null,
  ): Promise<CataloguePage> {
    const page = options.page ?? 1;
    const pageSize = options.pageSize ?? PAGE_SIZE;
    const order = options.order ?? DEFAULT_ORDER;
    const generation = this.cache.generation;
    const filterKey = JSON.stringify(filter);
    // betterRandom is the random-play button: one random work, whatever the page, so its offset needs the
    // count first.
    const random = order === 'betterRandom';
    const knownCount = random ? await this.count(filter, filterKey) : this.cache.counts.get(filterKey);
    const offset = random ? Math.floor(this.random() * (knownCount ?? 0)) : (page - 1) * pageSize;
    const request = {
      filter,
      order,
      sort: options.sort ?? DEFAULT_SORT,
      seed: options.seed ?? 7,
      offset,
      limit: random ? 1 : pageSize,
      userId,
    };
    // Once the catalogue moved (each batch of the metadata fetch moves it) nothing is cached: the count,
    // the page's ids and the listener's marks do not wait on each other, so they are asked together, on
    // PostgreSQL one round trip's wait instead of three in a row (bench/README.md, "DLsite metadata").
    // With the count known, a page past the end asks for no ids.
    const [totalCount, ids, marks] = await Promise.all([
      knownCount ?? this.count(filter, filterKey),
      knownCount === undefined || offset < knownCount ? this.pageIds(request, key) : [],
      userId === null ? null : this.marksOf(userId),
    ]);
    const userFields = await this.userFieldsOn(ids, userId, marks);
    const pagination = { currentPage: page, pageSize, totalCount };
    return {
      envelope: async () => ({ works: await this.worksWithFields(ids, userFields), pagination }),
      sharedKey: key !== null && userFields.size === 0 ? `${generation}|${key}` : null,
    };
  }

  /**
   * A search by RJ code alone: at most one work, whatever the order, so it is looked up by id instead of
   * counted and paged. Such pages are not kept: each names another work, and the work itself is cached.
   */
  private async namedWorkPage(
    id: number,
    page: number,
    pageSize: number,
    userId: number | null,
  ): Promise<CataloguePage> {
    const works = await this.worksByIds([id], userId);
    const pagination = { currentPage: page, pageSize, totalCount: works.length };
    const envelope = { works: page === 1 ? works : [], pagination };
    return { envelope: async () => envelope, sharedKey: null };
  }

  /** A page every listener shares, encoded, when it is kept. */
  encodedPage(key: string): EncodedPage | undefined {
    return this.cache.encodedPages.get(key);
  }

  /**
   * Encodes a shared page and keeps it, unless a work or the catalogue changed while it was built (it
   * may show what the change dropped; the next request builds it again). A request that comes while the
   * page is being built waits for that build.
   */
  keepEncodedPage(key: string, encode: () => Promise<EncodedPage>): Promise<EncodedPage> {
    const builds = this.cache.encodedPageBuilds;
    const underWay = builds.get(key);
    if (underWay) return underWay;
    const epoch = this.cache.currentEpoch();
    const build = encode()
      .then((encoded) => {
        if (this.cache.isCurrent(epoch)) this.cache.encodedPages.set(key, encoded);
        return encoded;
      })
      .finally(() => {
        if (builds.get(key) === build) builds.delete(key);
      });
    builds.set(key, build);
    return build;
  }

  /**
   * Builds a shared page off the request (a stale one was answered): once the answer at hand is on its
   * way (on SQLite the reads run on this thread), and not when a build of it is under way. A failed build
   * is left to the next request, which builds it again (or, past the staleness bound, on its own path).
   */
  rebuildEncodedPage(key: string, encode: () => Promise<EncodedPage>): void {
    if (this.cache.encodedPageBuilds.has(key)) return;
    setImmediate(() => {
      this.keepEncodedPage(key, encode).catch(() => {});
    });
  }

  private async count(filter: WorkFilter, key: string): Promise<number> {
    const cached = this.cache.counts.get(key);
    if (cached !== undefined) return cached;
    const total = await this.works.count(filter);
    this.cache.counts.set(key, total);
    return total;
  }

  private async pageIds(request: WorkPageRequest, key: string | null): Promise<number[]> {
    if (key === null) return this.works.pageIds(request);
    const cached = this.cache.pages.get(key);
    if (cached) return cached;
    const ids = await this.works.pageIds(request);
    this.cache.pages.set(key, ids);
    return ids;
  }

  /** A work with the user's fields (null for `workInfo`, which is cacheable); 404 when unknown or missing. */
  async get(id: number, userId: number | null): Promise<Work> {
    const [work] = await this.worksByIds([id], userId);
    if (!work) throw new NotFound(`Work ${id} not found`);
    return work;
  }

  /**
   * The work a six-digit code stands for when no work has it: the asmr.one web app links every 8-digit
   * work by the id's last six digits (`RJ01087228` as `RJ087228`, `RJ02337583` as `RJ337583`). Only when exactly one present 8-digit
   * work ends in those digits; never a guess between two. One query of 100 primary-key probes, then kept
   * for the catalogue version; `fresh` says the answer was just worked out (the caller logs it once).
   */
  async shortCodeTarget(digits: number): Promise<{ id: number | null; fresh: boolean }> {
    await this.cache.refresh();
    const cached = this.cache.shortCodes.get(digits);
    if (cached !== undefined) return { id: cached, fresh: false };
    const eightDigit = Array.from({ length: 99 }, (_, i) => (i + 1) * 1_000_000 + digits);
    const present = await this.works.presentIdsAmong(digits > 0 ? [digits, ...eightDigit] : eightDigit);
    const id = present.length === 1 && present[0] !== digits ? (present[0] as number) : null;
    this.cache.shortCodes.set(digits, id);
    return { id, fresh: true };
  }

  async tracks(id: number): Promise<TrackNode[]> {
    const work = await this.works.findById(id);
    if (!work) throw new NotFound(`Work ${id} not found`);
    return buildTrackTree(work, await this.files.listByWork(id), {
      lowBitrate: this.lowBitrate(),
    });
  }

  /**
   * A label list as every client gets it, encoded once per catalogue version (with `serialize`, the
   * route's own serializer, so it is checked against the contract like any answer). Building folds the
   * pending count changes first, then reads one table: no counting on the request path.
   */
  async labelListAnswer(
    kind: LabelKind,
    serialize: (list: LabelWithCount[]) => string,
  ): Promise<EncodedAnswer> {
    await this.cache.refresh();
    const cached = this.cache.labelLists.get(kind);
    if (cached) return cached;
    const building = this.buildLabelList(kind, serialize);
    const answer = building.then((built) => built.answer);
    this.cache.labelLists.set(kind, answer);
    // A failed build, or counts that could not be brought up to date (a writer held a label row), are
    // not kept: the next request builds again.
    const forget = () => {
      if (this.cache.labelLists.get(kind) === answer) this.cache.labelLists.delete(kind);
    };
    building.then((built) => built.upToDate || forget(), forget);
    return answer;
  }

  private async buildLabelList(
    kind: LabelKind,
    serialize: (list: LabelWithCount[]) => string,
  ): Promise<{ answer: EncodedAnswer; upToDate: boolean }> {
    const upToDate = await this.labels.foldCountChanges();
    const rows = await this.labels.listWithCounts(kind);
    const list = rows.map((row) => ({ ...shapeLabel(row), count: Number(row.count) }));
    return { answer: await encodeAnswer(serialize(list)), upToDate };
  }

  /** One label (without its count), cached per catalogue version for the label pages; 404 when unknown. */
  async label(kind: LabelKind, id: number | string): Promise<Label> {
    await this.cache.refresh();
    const key = `${kind}:${id}`;
    const cached = this.cache.labels.get(key);
    if (cached) return cached;
    const row = await this.labels.find(kind, id);
    if (!row) throw new NotFound(`${LABEL_NOUN[kind]} ${id} not found`);
    const label = shapeLabel(row);
    this.cache.labels.set(key, label);
    return label;
  }

  /** Works by id, in that order, with their labels and (when a user is given) that user's fields. */
  async worksByIds(ids: number[], userId: number | null): Promise<Work[]> {
    // Two independent reads: asked together, a single work (its page, a search by its code) waits for
    // one round trip to PostgreSQL at most instead of two in a row.
    const [userFields, works] = await Promise.all([
      this.userFieldsOn(ids, userId, null),
      this.sharedWorks(ids),
    ]);
    return withFields(ids, works, userFields);
  }

  /** Which works the user marked (rated, reviewed, voted tags of), as of the current catalogue version. */
  async marksOf(userId: number): Promise<MarkedWorks> {
    // Kept per marks epoch, not per generation: a tag vote changes only its work (the epoch moves, the
    // generation does not), and the marks hold the works the user voted on; a background move (a batch of
    // the DLsite fetch) writes no marks, so they are not read again after it (CatalogueCache.marksEpoch).
    // The catalogue's check and the user's (each at most once a second) are asked together, so a request
    // that needs both waits for one round trip; when the check moved the marks epoch, the marks of the
    // epoch before are not used and are read again.
    const epoch = this.cache.marksEpoch();
    const [marks] = await Promise.all([this.marks.of(userId, epoch), this.cache.refresh()]);
    return this.cache.marksEpoch() === epoch ? marks : this.marks.of(userId, this.cache.marksEpoch());
  }

  /** This process changed the user's ratings, reviews or progress: their next read sees it. */
  userMarksChanged(userId: number): void {
    this.marks.forget(userId);
  }

  /**
   * The user's fields on those of `ids` they marked: none asked for when they marked none of them, so
   * such a page is the shared one and a single such work costs only its card. `marks`: the user's marks
   * when already read, else null.
   */
  private async userFieldsOn(
    ids: number[],
    userId: number | null,
    marks: MarkedWorks | null,
  ): Promise<ReadonlyMap<number, UserWorkFields>> {
    if (userId === null || ids.length === 0) return NO_USER_FIELDS;
    const { reviewed } = marks ?? (await this.marksOf(userId));
    const marked = ids.filter((id) => reviewed.has(id));
    return marked.length === 0 ? NO_USER_FIELDS : this.works.userFieldsFor(userId, marked);
  }

  private async worksWithFields(
    ids: number[],
    userFields: ReadonlyMap<number, UserWorkFields>,
  ): Promise<Work[]> {
    return withFields(ids, await this.sharedWorks(ids), userFields);
  }

  /** The works every listener shares (no user's fields), from the cache or else the database. */
  private async sharedWorks(ids: number[]): Promise<Map<number, Work>> {
    await this.cache.refresh();
    const works = new Map<number, Work>();
    const missing: number[] = [];
    for (const id of ids) {
      const cached = this.cache.works.get(id);
      if (cached) works.set(id, cached);
      else missing.push(id);
    }
    if (missing.length > 0) {
      const epoch = this.cache.currentEpoch();
      const rows = await this.works.cardsByIds(missing);
      // Read before a change dropped entries, the card may be the old one: answered, not kept.
      const keep = this.cache.isCurrent(epoch);
      for (const row of rows) {
        const work = toWork(row, this.cache.sharedLabels);
        works.set(row.id, work);
        if (keep) this.cache.works.set(row.id, work);
      }
    }
    return works;
  }
}

/** The works of `ids` found, in that order, each with the user's fields when they have some. */
function withFields(
  ids: number[],
  works: ReadonlyMap<number, Work>,
  userFields: ReadonlyMap<number, UserWorkFields>,
): Work[] {
  return ids.flatMap((id) => {
    const work = works.get(id);
    if (!work) return [];
    const mine = userFields.get(id);
    return [mine ? withUserFields(work, mine) : work];
  });
}

/**
 * What a page that every listener without fields on it shares is kept under, without the catalogue
 * generation; null for pages that depend on a user (the rating order) or on chance (betterRandom).
 */
function sharedPageKey(filter: WorkFilter, options: ListOptions): string | null {
  const order = options.order ?? DEFAULT_ORDER;
  if (order === 'rating' || order === 'betterRandom') return null;
  const page = options.page ?? 1;
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const offset = (page - 1) * pageSize;
  const { sort = DEFAULT_SORT, seed = 7 } = options;
  return `${page}|${JSON.stringify(filter)}|${order}|${sort}|${seed}|${offset}|${pageSize}`;
}

/** The work a filter names when it is a search by RJ code and nothing else; null for any other filter. */
function onlyWorkNamed(filter: WorkFilter): number | null {
  // Folding translations away never hides the edition a code names (work-query.ts).
  const { search, subtitle, foldTranslations: _folding, ...labelPage } = filter;
  if (!search || subtitle || Object.keys(labelPage).length > 0) return null;
  const { ids, words, labels, ...conditions } = search;
  const [id] = ids;
  if (id === undefined || words.length > 0 || labels.length > 0) return null;
  if (Object.values(conditions).some((value) => value !== undefined)) return null;
  // Two different codes name no work at all: the general path answers that.
  return ids.every((other) => other === id) ? id : null;
}

function shapeLabel(row: LabelRow): Label {
  return row.i18n === undefined
    ? { id: row.id, name: row.name }
    : { id: row.id, name: row.name, i18n: JSON.parse(row.i18n) };
}
