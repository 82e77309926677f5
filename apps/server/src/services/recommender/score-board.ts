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

  /** Forgets every score (a cost of what was touched), so one board serves walk after walk. */
  clear(): this {
    for (const index of this.touched) {
      this.scores[index] = 0;
      this.seen[index] = 0;
    }
    this.touched.length = 0;
    this.removed.clear();
    return this;
  }

  remove(index: number): void {
    this.removed.add(index);
  }

  /** The `limit` best touched works with a positive score, best first (ties: the later index). */
  top(limit: number): number[] {
    // A walk touches up to tens of thousands of works and the lists keep a hundred: a bounded heap of
    // the best so far costs a comparison per work where sorting them all cost a log factor more.
    const heap: number[] = [];
    for (const index of this.touched) {
      if ((this.scores[index] as number) <= 0 || this.removed.has(index)) continue;
      if (heap.length < limit) {
        heap.push(index);
        this.siftUp(heap, heap.length - 1);
      } else if (this.better(index, heap[0] as number)) {
        heap[0] = index;
        this.siftDown(heap, 0);
      }
    }
    return heap.sort((a, b) => (this.better(a, b) ? -1 : 1));
  }

  /** Higher score first; on a tie, the later index. */
  private better(a: number, b: number): boolean {
    const difference = (this.scores[a] as number) - (this.scores[b] as number);
    return difference > 0 || (difference === 0 && a > b);
  }

  /** The heap keeps its worst entry at the root. */
  private siftUp(heap: number[], at: number): void {
    let child = at;
    while (child > 0) {
      const parent = (child - 1) >> 1;
      if (!this.better(heap[parent] as number, heap[child] as number)) break;
      [heap[parent], heap[child]] = [heap[child] as number, heap[parent] as number];
      child = parent;
    }
  }

  private siftDown(heap: number[], at: number): void {
    let parent = at;
    for (;;) {
      let worst = parent;
      for (const child of [2 * parent + 1, 2 * parent + 2]) {
        if (child < heap.length && this.better(heap[worst] as number, heap[child] as number)) worst = child;
      }
      if (worst === parent) return;
      [heap[parent], heap[worst]] = [heap[worst] as number, heap[parent] as number];
      parent = worst;
    }
  }

  private best(): number {
    let best = 0;
    for (const index of this.touched) best = Math.max(best, this.scores[index] as number);
    return best;
  }
}
