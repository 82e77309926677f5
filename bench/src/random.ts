/**
 * A seeded PRNG (mulberry32) and the draws the generators need, so the same seed always yields the same
 * catalogue and library: figures from two runs compare like for like.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** A random version-4-shaped UUID (VA ids are UUIDs in the API). */
  uuid(): string {
    const hex = Array.from({ length: 32 }, () => Math.floor(this.next() * 16).toString(16));
    hex[12] = '4';
    hex[16] = ((Number.parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16);
    const s = hex.join('');
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  }
}

/**
 * Draws indexes 0..size-1 with probability proportional to 1/(rank+1)^exponent: real catalogues reuse a
 * few words and tags a lot and most rarely, which is what makes "common" and "rare" searches differ.
 */
export class Zipf {
  private readonly cumulative: Float64Array;

  constructor(size: number, exponent = 1) {
    this.cumulative = new Float64Array(size);
    let total = 0;
    for (let rank = 0; rank < size; rank++) {
      total += 1 / (rank + 1) ** exponent;
      this.cumulative[rank] = total;
    }
    for (let rank = 0; rank < size; rank++) this.cumulative[rank] = (this.cumulative[rank] as number) / total;
  }

  draw(random: Random): number {
    const target = random.next();
    let low = 0;
    let high = this.cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((this.cumulative[mid] as number) < target) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}
