import { createHash } from 'node:crypto';
import { type Envelope, PAGE_SIZE, RECOMMENDATION_LIMIT } from '@sasayaki/api-contract';
import type { RecommenderRepository } from '../../repositories/recommender.repository.js';
import { LruMap } from '../../util/lru-map.js';
import type { CatalogueService } from '../catalogue.service.js';
import { CatalogueFeatures, type FeatureKey } from './catalogue-features.js';
import { listenerTaste, popularity, type Taste, tastes } from './listening-signals.js';
import { Refreshing } from './refreshing.js';
import { ScoreBoard } from './score-board.js';

/**
 * Everyone's listening is read again at most this often (in the background; reads never wait for it),
 * and the label index follows the catalogue version at most this often (a scan moves it every few seconds).
 */
const REFRESH_MS = 30_000;
/** A user's taste is summed up by this many of their strongest labels (the walks' cost). */
const PROFILE_FEATURES = 40;
/** Listeners most like the user whose favourites are counted. */
const SIMILAR_LISTENERS = 30;
/** How much "listeners like you liked it" weighs against "it shares your labels" (both scaled to 1). */
const CO_LISTENING_WEIGHT = 0.8;
/** Popularity breaks near-ties in the personal lists. */
const POPULARITY_WEIGHT = 0.05;

export interface RecommendationRequest {
  page?: number;
  pageSize?: number;
  subtitle?: 0 | 1;
  /** recommend-for-user: an empty list rather than the popular one when the history gives nothing. */
  personalOnly?: boolean;
}

interface Activity {
  tastes: Map<number, Taste>;
  /** Each work's listeners who liked it, with how much. */
  likedBy: Map<number, Array<{ userId: number; strength: number }>>;
  popularity: Map<number, number>;
}

interface Model {
  features: CatalogueFeatures;
  activity: Activity;
  /** Every present work, most popular first (dense indexes). */
  popular: Int32Array;
  /** 0..1 per dense index: the popularity score scaled by the top one. */
  popularityScaled: Float64Array;
}

/**
 * `popular`, `recommend-for-user` and `item-neighbors` (reference section 6), computed from the library's
 * own labels and its users' ratings, progress and plays. README.md in this folder has the method.
 */
export class RecommenderService {
  private readonly features: Refreshing<CatalogueFeatures>;
  private readonly activity: Refreshing<Activity>;
  private lastActivity: { fingerprint: string; activity: Activity } | null = null;
  private model: { features: CatalogueFeatures; activity: Activity; value: Model } | null = null;
  /**
   * Finished personal lists (dense indexes, best first), by user, valid while the model and the user's
   * own rows (`key`: a digest of their aggregated text) are unchanged. `known` holds the user's works
   * only when the list is empty: the popular list without them is the answer then.
   */
  private readonly forUser = new LruMap<
    number,
    { key: string; model: Model; ranking: Int32Array; known: Set<number> | null }
  >(1_000);
  /** Neighbour lists (dense indexes, best first) by work id: 400 bytes each, 2 MB when full. */
  private readonly neighbors = new LruMap<number, { model: Model; ranking: Int32Array }>(5_000);
  private boards: { features: CatalogueFeatures; content: ScoreBoard; coListening: ScoreBoard } | null = null;

  constructor(
    private readonly repository: RecommenderRepository,
    private readonly catalogue: CatalogueService,
    onError: (error: unknown) => void,
    private readonly now: () => number = Date.now,
  ) {
    this.features = new Refreshing(() => CatalogueFeatures.load(repository), onError);
    this.activity = new Refreshing(() => this.loadActivity(), onError);
  }

  async popular(request: RecommendationRequest, userId: number | null): Promise<Envelope> {
    const model = await this.currentModel();
    return this.envelope(this.pick(model, model.popular, request, new Set()), request, userId);
  }

  async recommendForUser(request: RecommendationRequest, userId: number): Promise<Envelope> {
    const model = await this.currentModel();
    // The user's own rows are read on every request (one row of two texts), so a work rated a second
    // ago is already left out; they are parsed only when they changed.
    const rows = await this.repository.listenerRows(userId);
    const key = createHash('sha1').update(rows.reviews).update('\n').update(rows.plays).digest('base64');
    let cached = this.forUser.get(userId);
    if (!cached || cached.key !== key || cached.model !== model) {
      const taste = listenerTaste(rows);
      const ranking = this.personalRanking(model, userId, taste);
      cached = { key, model, ranking, known: ranking.length > 0 ? null : new Set(taste.keys()) };
      this.forUser.set(userId, cached);
    }
    // No history, or nothing shares a label with it: what everyone plays, less what the user knows
    // (unless the caller shows the popular list already and asked for personal picks only).
    const ids = cached.known
      ? request.personalOnly
        ? []
        : this.pick(model, model.popular, request, cached.known)
      : this.pick(model, cached.ranking, request, NOTHING);
    return this.envelope(ids, request, userId);
  }

  async itemNeighbors(
    request: RecommendationRequest,
    workId: number,
    userId: number | null,
  ): Promise<Envelope> {
    const model = await this.currentModel();
    const index = model.features.indexOf(workId);
    if (index === undefined) {
      // Unknown: 404. Present but newer than the label index (a scan under way): nothing yet.
      await this.catalogue.get(workId, null);
      return this.envelope([], request, userId);
    }
    let cached = this.neighbors.get(workId);
    if (!cached || cached.model !== model) {
      cached = { model, ranking: this.neighborRanking(model, index) };
      this.neighbors.set(workId, cached);
    }
    return this.envelope(this.pick(model, cached.ranking, request, NOTHING), request, userId);
  }

  private async currentModel(): Promise<Model> {
    const generation = await this.catalogue.generation();
    const [features, activity] = await Promise.all([
      this.features.get(generation, REFRESH_MS),
      // A new stamp on every read: the age alone decides.
      this.activity.get(this.now(), REFRESH_MS),
    ]);
    if (this.model?.features !== features || this.model.activity !== activity) {
      this.model = { features, activity, value: buildModel(features, activity) };
    }
    return this.model.value;
  }

  private async loadActivity(): Promise<Activity> {
    const [reviews, plays] = await Promise.all([
      this.repository.reviewSignals(),
      this.repository.playSignals(),
    ]);
    // Unchanged rows keep the model (and its sorted popular list) as it is: decay scales every score
    // by the same factor, so the order it gave stays right.
    const fingerprint = [
      reviews.length,
      plays.length,
      latest(reviews.map((row) => row.updated_at)),
      latest(plays.map((row) => row.last_played_at)),
    ].join('|');
    if (this.lastActivity?.fingerprint === fingerprint) return this.lastActivity.activity;
    const byUser = tastes(reviews, plays);
    const likedBy = new Map<number, Array<{ userId: number; strength: number }>>();
    for (const [userId, taste] of byUser) {
      for (const [workId, strength] of taste) {
        if (strength <= 0) continue;
        const list = likedBy.get(workId);
        if (list) list.push({ userId, strength });
        else likedBy.set(workId, [{ userId, strength }]);
      }
    }
    const activity = { tastes: byUser, likedBy, popularity: popularity(reviews, plays, this.now()) };
    this.lastActivity = { fingerprint, activity };
    return activity;
  }

  /** The user's works scored by shared labels and by what listeners like them liked; best first. */
  private personalRanking(model: Model, userId: number, taste: Taste): Int32Array {
    const { features } = model;
    const profile = new Map<FeatureKey, number>();
    for (const [workId, strength] of taste) {
      const index = features.indexOf(workId);
      if (index === undefined || strength === 0) continue;
      for (const key of features.labelsOf(index)) {
        profile.set(key, (profile.get(key) ?? 0) + strength * features.weight(key));
      }
    }
    const strongest = [...profile.entries()]
      .filter(([, weight]) => weight > 0)
      .sort((a, b) => b[1] - a[1])
      .slice(0, PROFILE_FEATURES);
    const { content, coListening } = this.scoreBoards(features);
    for (const [key, weight] of strongest) {
      const posting = features.walkable(key);
      if (posting) for (const index of posting.works) content.add(index, weight);
    }
    for (const { userId: otherId, similarity } of this.similarListeners(model.activity, userId, taste)) {
      for (const [workId, strength] of model.activity.tastes.get(otherId) ?? []) {
        const index = features.indexOf(workId);
        if (index !== undefined && strength > 0) coListening.add(index, similarity * strength);
      }
    }
    const combined = content.scaled(1).mergeScaled(coListening, CO_LISTENING_WEIGHT);
    for (const workId of taste.keys()) {
      const index = features.indexOf(workId);
      if (index !== undefined) combined.remove(index);
    }
    combined.addToTouched(model.popularityScaled, POPULARITY_WEIGHT);
    return combined.top(RECOMMENDATION_LIMIT * 4);
  }

  /**
   * The two boards a walk scores on, cleared. Kept per label index and reused (walks never overlap: they
   * run without awaiting): two new boards a request were 1.8 MB of typed arrays at 100,000 works, which
   * raised the server's resident memory by some 30 MB under item-neighbors load.
   */
  private scoreBoards(features: CatalogueFeatures): { content: ScoreBoard; coListening: ScoreBoard } {
    if (this.boards?.features !== features) {
      this.boards = {
        features,
        content: new ScoreBoard(features.size),
        coListening: new ScoreBoard(features.size),
      };
    }
    return { content: this.boards.content.clear(), coListening: this.boards.coListening.clear() };
  }

  /** Other users who liked what this user liked (cosine of the shared likes), most alike first. */
  private similarListeners(
    activity: Activity,
    userId: number,
    taste: Taste,
  ): Array<{ userId: number; similarity: number }> {
    const overlap = new Map<number, number>();
    let ownNorm = 0;
    for (const [workId, strength] of taste) {
      if (strength <= 0) continue;
      ownNorm += strength * strength;
      for (const other of activity.likedBy.get(workId) ?? []) {
        if (other.userId !== userId) {
          overlap.set(other.userId, (overlap.get(other.userId) ?? 0) + strength * other.strength);
        }
      }
    }
    return [...overlap.entries()]
      .map(([otherId, dot]) => ({
        userId: otherId,
        similarity: dot / Math.sqrt(ownNorm * norm(activity.tastes.get(otherId))),
      }))
      .sort((a, b) => b.similarity - a.similarity)
      .slice(0, SIMILAR_LISTENERS);
  }

  /** Works sharing the work's labels (rarer labels count more) and liked by the same listeners. */
  private neighborRanking(model: Model, index: number): Int32Array {
    const { features, activity } = model;
    const { content, coListening } = this.scoreBoards(features);
    for (const key of features.labelsOf(index)) {
      const posting = features.walkable(key);
      if (posting) for (const other of posting.works) content.add(other, posting.weight);
    }
    const workId = features.ids[index] as number;
    for (const listener of activity.likedBy.get(workId) ?? []) {
      const taste = activity.tastes.get(listener.userId);
      // A listener of a thousand works says less about each pair than one of ten.
      const share = listener.strength / Math.sqrt(taste?.size ?? 1);
      for (const [otherId, strength] of taste ?? []) {
        const other = features.indexOf(otherId);
        if (other !== undefined && strength > 0) coListening.add(other, share * strength);
      }
    }
    const combined = content.scaled(1).mergeScaled(coListening, CO_LISTENING_WEIGHT);
    combined.remove(index);
    combined.addToTouched(model.popularityScaled, POPULARITY_WEIGHT);
    return combined.top(RECOMMENDATION_LIMIT);
  }

  /** The first RECOMMENDATION_LIMIT works of a ranking (dense indexes) passing the request's filter. */
  private pick(
    model: Model,
    ranking: Int32Array,
    request: RecommendationRequest,
    excluded: ReadonlySet<number>,
  ): number[] {
    const ids: number[] = [];
    for (const index of ranking) {
      if (ids.length >= RECOMMENDATION_LIMIT) break;
      const id = model.features.ids[index] as number;
      if (request.subtitle === 1 && !model.features.hasSubtitle[index]) continue;
      if (!excluded.has(id)) ids.push(id);
    }
    return ids;
  }

  private async envelope(
    ids: number[],
    request: RecommendationRequest,
    userId: number | null,
  ): Promise<Envelope> {
    const page = request.page ?? 1;
    const pageSize = request.pageSize ?? PAGE_SIZE;
    const pageIds = ids.slice((page - 1) * pageSize, page * pageSize);
    return {
      works: await this.catalogue.worksByIds(pageIds, userId),
      pagination: { currentPage: page, pageSize, totalCount: ids.length },
    };
  }
}

/** No work left out. */
const NOTHING: ReadonlySet<number> = new Set();

function latest(times: string[]): string {
  let best = '';
  for (const time of times) if (time > best) best = time;
  return best;
}

function norm(taste: Taste | undefined): number {
  let sum = 0;
  for (const strength of taste?.values() ?? []) if (strength > 0) sum += strength * strength;
  return Math.max(sum, 1e-9);
}

/** The popularity ranking of every present work: recent plays and ratings, then DLsite's downloads, then newest. */
function buildModel(features: CatalogueFeatures, activity: Activity): Model {
  const scores = new Float64Array(features.size);
  let top = 0;
  for (const [workId, score] of activity.popularity) {
    const index = features.indexOf(workId);
    if (index === undefined) continue;
    scores[index] = score;
    top = Math.max(top, score);
  }
  const order = Int32Array.from(features.ids.keys());
  order.sort(
    (a, b) =>
      (scores[b] as number) - (scores[a] as number) ||
      (features.downloads[b] as number) - (features.downloads[a] as number) ||
      (features.ids[b] as number) - (features.ids[a] as number),
  );
  const popularityScaled = top > 0 ? scores.map((score) => Math.max(score, 0) / top) : scores;
  // Works whose recent ratings sank them below zero are not "popular" at all.
  const popular = order.filter((index) => (scores[index] as number) >= 0);
  return { features, activity, popular, popularityScaled };
}
