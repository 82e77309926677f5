import type { RecommenderRepository, WorkFeatureRow } from '../../repositories/recommender.repository.js';
import { indexInSorted } from '../../util/sorted-search.js';
import { ChunkedColumn, type CompressedRows, transposed } from './compressed-rows.js';

/** A label (a tag, a circle or a voice actor) by its dense index in one `CatalogueFeatures`. */
export type FeatureKey = number;

/** A label's works (dense work indexes, ascending) and its weight (kind × idf). */
export interface Posting {
  works: Int32Array;
  weight: number;
}

/**
 * How much sharing one label of each kind says about two works being alike, before its rarity (idf)
 * weighs it: the same voice is the strongest hint in this genre, the same circle next, one tag the least.
 */
const KIND_WEIGHT = { tag: 1, circle: 1.3, va: 1.6 } as const;
type LabelKind = keyof typeof KIND_WEIGHT;

/**
 * Labels on more works than this are left out of the walks: their idf is near zero, so they would
 * cost most of a walk's time (a tag on half of 100,000 works) and change no ranking.
 */
const MAX_POSTING = 8_000;

/**
 * Works read per step of the build, one row a work with its tags and voices aggregated in SQL. One
 * step's rows are all the build holds as objects: reading the million links of 100,000 works at once, then copying them into an array
 * of link objects, took the server from 124 MB to 457 MB resident, which it kept.
 */
const WORKS_PER_BATCH = 5_000;

/**
 * The present works' labels indexed both ways, built from the database once per catalogue version.
 * Works are addressed by a dense index (`ids[index]`, ascending ids), labels by another, so scores live
 * in flat typed arrays; both directions are compressed sparse rows (`compressed-rows.ts`): an offsets
 * array and one flat Int32Array each, not a JavaScript array per work and per label.
 */
export class CatalogueFeatures {
  /** The works' ids, ascending: a dense index's id, and (by binary search) an id's dense index. */
  readonly ids: Float64Array;
  readonly hasSubtitle: Uint8Array;
  /** DLsite's download count, when known: orders works nobody here has played yet. */
  readonly downloads: Float64Array;
  /** Each work's labels (its circle, then its tags, then its voices), by dense work index. */
  private readonly labels: CompressedRows;
  /** Each label's works, ascending, by dense label index. */
  private readonly postings: CompressedRows;
  private readonly weights: Float64Array;

  private constructor(built: IndexBuilder) {
    this.ids = built.ids.toArray();
    this.hasSubtitle = built.hasSubtitle.toArray();
    this.downloads = built.downloads.toArray();
    const labelCount = built.kinds.length;
    this.labels = { start: built.labelsStart(), values: built.links.toArray() };
    this.postings = transposed(this.labels, labelCount);
    const total = Math.max(this.ids.length, 1);
    this.weights = Float64Array.from(built.kinds, (kind, label) => {
      const carriers = this.end(this.postings, label) - this.begin(this.postings, label);
      // A label every work carries says nothing; one on two works says much.
      return KIND_WEIGHT[kind] * Math.log(1 + total / carriers);
    });
  }

  static async load(repository: RecommenderRepository): Promise<CatalogueFeatures> {
    const builder = new IndexBuilder();
    // Work ids are positive: -1 is before the first.
    for (let after = -1; ; ) {
      const works = await repository.presentWorks(after, WORKS_PER_BATCH);
      const last = works.at(-1);
      if (!last) break;
      for (const work of works) builder.addWork(work);
      after = last.id;
    }
    return new CatalogueFeatures(builder);
  }

  get size(): number {
    return this.ids.length;
  }

  /**
   * The work's dense index, undefined when the index has no such work. A binary search over the
   * ascending ids (17 steps at 100,000 works) instead of a Map: a Map of every work held 3-4 MB in V8's
   * old space and, while the build grew it, left as much again of its older tables there as garbage.
   */
  indexOf(workId: number): number | undefined {
    const index = indexInSorted(this.ids, workId);
    return index < 0 ? undefined : index;
  }

  /** The work's labels (dense label indexes): its circle, then its tags, then its voices. */
  labelsOf(index: number): Int32Array {
    return this.labels.values.subarray(this.begin(this.labels, index), this.end(this.labels, index));
  }

  /** The label's weight (kind × idf). */
  weight(key: FeatureKey): number {
    return this.weights[key] ?? 0;
  }

  /** The label's works and weight, or null when it is unknown or too common to be worth a walk. */
  walkable(key: FeatureKey): Posting | null {
    if (key < 0 || key >= this.weights.length) return null;
    const start = this.begin(this.postings, key);
    const end = this.end(this.postings, key);
    if (end - start > MAX_POSTING) return null;
    return { works: this.postings.values.subarray(start, end), weight: this.weights[key] as number };
  }

  private begin(rows: CompressedRows, row: number): number {
    return rows.start[row] as number;
  }

  private end(rows: CompressedRows, row: number): number {
    return rows.start[row + 1] as number;
  }
}

/**
 * What the build accumulates from each batch's rows, in typed columns: the works' columns and each
 * work's labels, one after another in work order (so they are already the by-work rows of the index),
 * labels numbered in the order they first appear.
 */
class IndexBuilder {
  readonly ids = new ChunkedColumn((length) => new Float64Array(length));
  readonly hasSubtitle = new ChunkedColumn((length) => new Uint8Array(length));
  readonly downloads = new ChunkedColumn((length) => new Float64Array(length));
  /** Where each work's labels begin in `links`, by dense work index. */
  private readonly firstLink = new ChunkedColumn((length) => new Int32Array(length));
  /** Dense label indexes: each work's circle, tags and voices, work after work. */
  readonly links = new ChunkedColumn((length) => new Int32Array(length));
  /** Each label's kind, by dense label index. */
  readonly kinds: LabelKind[] = [];
  private readonly labelIndex: Record<LabelKind, Map<number | string, number>> = {
    tag: new Map(),
    circle: new Map(),
    va: new Map(),
  };

  /** Works must come in ascending id order (`indexOf` searches the ids). */
  addWork(work: WorkFeatureRow): void {
    this.ids.push(Number(work.id));
    this.hasSubtitle.push(work.has_subtitle ? 1 : 0);
    this.downloads.push(Number(work.dl_count ?? 0));
    this.firstLink.push(this.links.length);
    if (work.circle_id !== null) this.link('circle', Number(work.circle_id));
    for (const tagId of labelIds<number>(work.tag_ids)) this.link('tag', Number(tagId));
    for (const vaId of labelIds<string>(work.va_ids)) this.link('va', vaId);
  }

  /** The by-work rows' offsets: each work's first link, then the end of the last. */
  labelsStart(): Int32Array {
    this.firstLink.push(this.links.length);
    return this.firstLink.toArray();
  }

  private link(kind: LabelKind, labelId: number | string): void {
    const labels = this.labelIndex[kind];
    let label = labels.get(labelId);
    if (label === undefined) {
      label = this.kinds.length;
      labels.set(labelId, label);
      this.kinds.push(kind);
    }
    this.links.push(label);
  }
}

/** A work's label ids from the JSON text the repository aggregates (null when it has none). */
function labelIds<T extends number | string>(list: string | null): T[] {
  return list === null ? [] : (JSON.parse(list) as T[]);
}
