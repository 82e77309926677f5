import { describe, expect, it } from 'vitest';
import { naturalCompare, naturalSortBy } from '../../../src/util/natural-sort.js';

const sorted = (names: string[]) => [...names].sort(naturalCompare);

describe('natural sort', () => {
  it('puts 2 before 10 and compares numbers by value', () => {
    expect(sorted(['10 b', '2 a', '1 c'])).toEqual(['1 c', '2 a', '10 b']);
    expect(naturalCompare('01', '1')).not.toBe(0);
    expect(sorted(['track10.wav', 'track9.wav', 'track100.wav'])).toEqual([
      'track9.wav',
      'track10.wav',
      'track100.wav',
    ]);
  });

  it('ignores case but stays a total order', () => {
    expect(sorted(['b', 'A', 'a', 'B'])).toEqual(['A', 'a', 'B', 'b']);
    expect(naturalCompare('Notes', 'notes')).not.toBe(0);
    expect(naturalCompare('same', 'same')).toBe(0);
  });

  it('orders Japanese names deterministically', () => {
    const names = ['トラック2', 'トラック10', 'トラック1'];
    expect(sorted(names)).toEqual(['トラック1', 'トラック2', 'トラック10']);
  });

  it('sorts items by a key', () => {
    expect(naturalSortBy([{ n: 'x10' }, { n: 'x2' }], (item) => item.n)).toEqual([{ n: 'x2' }, { n: 'x10' }]);
  });
});
