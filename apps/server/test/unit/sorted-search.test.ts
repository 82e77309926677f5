import { describe, expect, it } from 'vitest';
import { indexInSorted } from '../../src/util/sorted-search.js';

describe('indexInSorted', () => {
  it('finds every value of a sorted array at its place, and none between or beyond', () => {
    const sorted = Float64Array.from({ length: 1_001 }, (_, i) => 10 + i * 3);
    for (let i = 0; i < sorted.length; i += 1) expect(indexInSorted(sorted, sorted[i] as number)).toBe(i);
    for (const absent of [0, 9, 11, 12, 3_014, 1e9]) expect(indexInSorted(sorted, absent)).toBe(-1);
  });

  it('answers -1 in an empty array and works on plain arrays', () => {
    expect(indexInSorted([], 1)).toBe(-1);
    expect(indexInSorted([1, 2, 3], 3)).toBe(2);
  });
});
