/**
 * Scores of the works a walk touched, by dense index: a flat array (no hashing in the walks' inner
 * loops) plus the list of touched indexes, so scaling and ranking cost what was touched, not the library.
 */
export class ScoreBoard {
  private readonly scores: Float64Array;
  private readonly seen: Uint8Array;
  private readonly touched: number[] = [];
  private readonly removed = new Set<number>();

  constructor(size: number) {
    this.scores = new Float64Array(size);
    this.seen = new Uint8Array(size);
  }

  add(index: number, value: number): void {
    if (!this.seen[index]) {
      this.seen[index] = 1;
      this.touched.push(index);
    }
    this.scores[index] = (this.scores[index] as number) + value;
  }

  /** Scales the scores so the best is `top` (no change when nothing scored). */
  scaled(top: number): this {
    const best = this.best();
    if (best > 0)
      for (const index of this.touched) this.scores[index] = ((this.scores[index] as number) / best) * top;
    return this;
  }

  /** Adds the other board's scores, scaled so its best is `top`. */
  mergeScaled(other: ScoreBoard, top: number): this {
    const best = other.best();
    if (best <= 0) return this;
    for (const index of other.touched) this.add(index, ((other.scores[index] as number) / best) * top);
    return this;
  }

  /** Adds `weight × values[index]` to every touched work: a tie-breaker, never a reason to be listed. */
  addToTouched(values: Float64Array, weight: number): void {
    for (const index of this.touched)
      this.scores[index] = (this.scores[index] as number) + (values[index] as number) * weight;
  }

  remove(index: number): void {
    this.removed.add(index);
  }

  /** The `limit` best touched works with a positive score, best first (ties: the later index). */
  top(limit: number): number[] {
    return this.touched
      .filter((index) => (this.scores[index] as number) > 0 && !this.removed.has(index))
      .sort((a, b) => (this.scores[b] as number) - (this.scores[a] as number) || b - a)
      .slice(0, limit);
  }

  private best(): number {
    let best = 0;
    for (const index of this.touched) best = Math.max(best, this.scores[index] as number);
    return best;
  }
}
