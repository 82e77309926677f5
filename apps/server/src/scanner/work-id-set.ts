/**
 * The ids of the works a scan found, as one sorted typed array: 8 bytes an id (800 KB for 100,000 works)
 * where a `Set<number>` costs several times that in objects the collector must walk. Built once, after
 * discovery; asked by binary search.
 */
export class WorkIdSet {
  private constructor(private readonly sorted: Float64Array) {}

  static of(ids: Iterable<number>): WorkIdSet {
    const sorted = Float64Array.from(ids);
    sorted.sort();
    return new WorkIdSet(sorted);
  }

  get size(): number {
    return this.sorted.length;
  }

  has(id: number): boolean {
    let low = 0;
    let high = this.sorted.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const value = this.sorted[middle] as number;
      if (value === id) return true;
      if (value < id) low = middle + 1;
      else high = middle - 1;
    }
    return false;
  }
}
