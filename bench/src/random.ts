import { Prng } from '@sasayaki/server/demo/prng.js';

/**
 * The demo library's seeded PRNG (mulberry32) plus the draws only the bench needs, so the same seed
 * always yields the same catalogue and library: figures from two runs compare like for like.
 */
export class Random extends Prng {
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
