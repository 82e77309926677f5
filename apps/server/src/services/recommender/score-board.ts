/**
 * Scores of the works a walk touched, by dense index: a flat array (no hashing in the walks' inner
 * loops) plus the list of touched indexes, so scaling and ranking cost what was touched, not the library.
 * Every buffer is a typed array sized once for the library, so a board reused walk after walk allocates
 * nothing per walk but its answer: the touched list used to be a JavaScript array regrown by every walk
 * (tens of thousands of entries, a few hundred KB) and the removed works a Set, garbage that outlived
 * V8's young generation under load.
 */
export class ScoreBoard {
  private readonly scores: Float64Array;
  private readonly seen: Uint8Array;
  private readonly touched: Int32Array;
  private touchedCount = 0;
  /** The bounded heap of `top`, grown to the largest limit asked (a few hundred). */
  private heap = new Int32Array(0);

  constructor(size: number) {
    this.scores = new Float64Array(size);
    this.seen = new Uint8Array(size);
    this.touched = new Int32Array(size);
  }

  add(index: number, value: number): void {
    this.touch(index);
    this.scores[index] = (this.scores[index] as number) + value;
  }

  /** Scales the scores so the best is `top` (no change when nothing scored). */
  scaled(top: number): this {
    const best = this.best();
    if (best > 0)
      for (let i = 0; i < this.touchedCount; i += 1) {
        const index = this.touched[i] as number;
        this.scores[index] = ((this.scores[index] as number) / best) * top;
      }
    return this;
  }

  /** Adds the other board's scores, scaled so its best is `top`. */
  mergeScaled(other: ScoreBoard, top: number): this {
    const best = other.best();
    if (best <= 0) return this;
    for (let i = 0; i < other.touchedCount; i += 1) {
      const index = other.touched[i] as number;
      this.add(index, ((other.scores[index] as number) / best) * top);
    }
    return this;
  }

  /** Adds `weight × values[index]` to every touched work: a tie-breaker, never a reason to be listed. */
  addToTouched(values: Float64Array, weight: number): void {
    for (let i = 0; i < this.touchedCount; i += 1) {
      const index = this.touched[i] as number;
      this.scores[index] = (this.scores[index] as number) + (values[index] as number) * weight;
    }
  }

  /** Forgets every score (a cost of what was touched), so one board serves walk after walk. */
  clear(): this {
    for (let i = 0; i < this.touchedCount; i += 1) {
      const index = this.touched[i] as number;
      this.scores[index] = 0;
      this.seen[index] = 0;
    }
    this.touchedCount = 0;
    return this;
  }

  /** Never lists the work, whatever is added to it until the board is cleared (-∞ plus anything stays -∞). */
  remove(index: number): void {
    this.touch(index);
    this.scores[index] = Number.NEGATIVE_INFINITY;
  }

  /** The `limit` best touched works with a positive score, best first (ties: the later index). */
  top(limit: number): Int32Array {
    // A walk touches up to tens of thousands of works and the lists keep a hundred: a bounded heap of
    // the best so far costs a comparison per work where sorting them all cost a log factor more.
    if (this.heap.length < limit) this.heap = new Int32Array(limit);
    const heap = this.heap;
    let size = 0;
    for (let i = 0; i < this.touchedCount; i += 1) {
      const index = this.touched[i] as number;
      if (!((this.scores[index] as number) > 0)) continue;
      if (size < limit) {
        heap[size] = index;
        size += 1;
        this.siftUp(heap, size - 1);
      } else if (this.better(index, heap[0] as number)) {
        heap[0] = index;
        this.siftDown(heap, size, 0);
      }
    }
    // Taking the worst off the root one at a time fills the answer from its end: best first.
    const best = new Int32Array(size);
    for (let last = size - 1; last >= 0; last -= 1) {
      best[last] = heap[0] as number;
      heap[0] = heap[last] as number;
      this.siftDown(heap, last, 0);
    }
    return best;
  }

  private touch(index: number): void {
    if (!this.seen[index]) {
      this.seen[index] = 1;
      this.touched[this.touchedCount] = index;
      this.touchedCount += 1;
    }
  }

  /** Higher score first; on a tie, the later index. */
  private better(a: number, b: number): boolean {
    const difference = (this.scores[a] as number) - (this.scores[b] as number);
    return difference > 0 || (difference === 0 && a > b);
  }

  /** The heap keeps its worst entry at the root. */
  private siftUp(heap: Int32Array, at: number): void {
    let child = at;
    while (child > 0) {
      const parent = (child - 1) >> 1;
      if (!this.better(heap[parent] as number, heap[child] as number)) break;
      swap(heap, parent, child);
      child = parent;
    }
  }

  private siftDown(heap: Int32Array, size: number, at: number): void {
    let parent = at;
    for (;;) {
      const left = 2 * parent + 1;
      const right = left + 1;
      let worst = parent;
      if (left < size && this.better(heap[worst] as number, heap[left] as number)) worst = left;
      if (right < size && this.better(heap[worst] as number, heap[right] as number)) worst = right;
      if (worst === parent) return;
      swap(heap, parent, worst);
      parent = worst;
    }
  }

  private best(): number {
    let best = 0;
    for (let i = 0; i < this.touchedCount; i += 1)
      best = Math.max(best, this.scores[this.touched[i] as number] as number);
    return best;
  }
}

function swap(heap: Int32Array, a: number, b: number): void {
  const kept = heap[a] as number;
  heap[a] = heap[b] as number;
  heap[b] = kept;
}
