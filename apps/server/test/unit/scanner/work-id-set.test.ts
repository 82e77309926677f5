import { describe, expect, it } from 'vitest';
import { WorkIdSet } from '../../../src/scanner/work-id-set.js';

describe('WorkIdSet', () => {
  it('answers which ids it holds, whatever their order, including local ids above 2^30', () => {
    const ids = [1_000_000_002, 7, 300_001, 0, 200_000_123, 1_000_000_001, 7];
    const set = WorkIdSet.of(ids);
    expect(set.size).toBe(ids.length);
    for (const id of ids) expect(set.has(id)).toBe(true);
    for (const id of [-1, 1, 6, 8, 300_000, 300_002, 1_000_000_000, 1_000_000_003]) {
      expect(set.has(id)).toBe(false);
    }
  });

  it('holds nothing when built from nothing', () => {
    expect(WorkIdSet.of([]).has(0)).toBe(false);
  });
});
