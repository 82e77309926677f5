import type { RecommenderRepository } from '../../repositories/recommender.repository.js';

/**
 * A label a work carries, as one number (number keys hash much faster than strings, which counts when
 * a million links are indexed): tag id × 3, circle id × 3 + 1, the VA's index here × 3 + 2.
 */
export type FeatureKey = number;

/**
 * How much sharing one label of each kind says about two works being alike, before its rarity (idf)
 * weighs it: the same voice is the strongest hint in this genre, the same circle next, one tag the least.
 */
const KIND_WEIGHT = [1, 1.3, 1.6] as const;

/**
 * Labels on more works than this are left out of the walks: their idf is near zero, so they would
 * cost most of a walk's time (a tag on half of 100,000 works) and change no ranking.
 */
const MAX_POSTING = 8_000;

/**
 * The present works' labels indexed both ways, built from the database once per catalogue version.
 * Works are addressed by a dense index (`ids[index]`), so scores live in flat typed arrays.
 */
export class CatalogueFeatures {
  readonly ids: number[];
  readonly indexOf = new Map<number, number>();
  readonly hasSubtitle: Uint8Array;
  /** DLsite's download count, when known: orders works nobody here has played yet. */
  readonly downloads: Float64Array;
  /** Each work's labels, by dense index. */
  readonly featuresOf: FeatureKey[][];
  /** Each label's works (dense indexes) and its weight (kind × idf). */
  readonly postings = new Map<FeatureKey, { works: number[]; weight: number }>();

  private constructor(
    works: Array<{ id: number; circle_id: number | null; has_subtitle: number; dl_count: number | null }>,
    links: Array<{ work_id: number; key: FeatureKey }>,
  ) {
    this.ids = works.map((work) => work.id);
    this.hasSubtitle = new Uint8Array(works.length);
    this.downloads = new Float64Array(works.length);
    this.featuresOf = works.map(() => []);
    for (const [index, work] of works.entries()) {
      this.indexOf.set(work.id, index);
      this.hasSubtitle[index] = work.has_subtitle ? 1 : 0;
      this.downloads[index] = Number(work.dl_count ?? 0);
      if (work.circle_id !== null) this.link(index, Number(work.circle_id) * 3 + 1);
    }
    for (const { work_id, key } of links) {
      const index = this.indexOf.get(Number(work_id));
      if (index !== undefined) this.link(index, key);
    }
    const total = Math.max(works.length, 1);
    for (const [key, posting] of this.postings) {
      // A label every work carries says nothing; one on two works says much.
      posting.weight = (KIND_WEIGHT[key % 3] as number) * Math.log(1 + total / posting.works.length);
    }
  }

  static async load(repository: RecommenderRepository): Promise<CatalogueFeatures> {
    const [works, tags, vas] = await Promise.all([
      repository.presentWorks(),
      repository.workTags(),
      repository.workVas(),
    ]);
    const vaIndex = new Map<string, number>();
    const vaKey = (id: string) => {
      const index = vaIndex.get(id) ?? vaIndex.size;
      vaIndex.set(id, index);
      return index * 3 + 2;
    };
    const links = [
      ...tags.map((row) => ({ work_id: row.work_id, key: Number(row.tag_id) * 3 })),
      ...vas.map((row) => ({ work_id: row.work_id, key: vaKey(row.va_id) })),
    ];
    return new CatalogueFeatures(works, links);
  }

  get size(): number {
    return this.ids.length;
  }

  /** The label's works and weight, or null when it is unknown or too common to be worth a walk. */
  walkable(key: FeatureKey): { works: number[]; weight: number } | null {
    const posting = this.postings.get(key);
    return posting && posting.works.length <= MAX_POSTING ? posting : null;
  }

  private link(index: number, key: FeatureKey): void {
    this.featuresOf[index]?.push(key);
    const posting = this.postings.get(key);
    if (posting) posting.works.push(index);
    else this.postings.set(key, { works: [index], weight: 0 });
  }
}
