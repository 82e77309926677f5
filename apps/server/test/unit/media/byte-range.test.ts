import { describe, expect, it } from 'vitest';
import { parseByteRange } from '../../../src/media/byte-range.js';

describe('parseByteRange', () => {
  const size = 1000;

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=100-', 100, 999],
    ['bytes=-500', 500, 999],
    ['bytes=-5000', 0, 999],
    ['bytes=999-999', 999, 999],
    ['bytes=900-5000', 900, 999],
    ['bytes=0-99999999999999999999', 0, 999],
    ['BYTES = 10-20', 10, 20],
    ['bytes= 10-20 ', 10, 20],
    ['bytes=0-0', 0, 0],
  ])('%s is bytes %i-%i', (header, start, end) => {
    expect(parseByteRange(header, size)).toEqual({ kind: 'partial', start, end });
  });

  it('answers several ranges with the first satisfiable one', () => {
    expect(parseByteRange('bytes=0-9, 20-29', size)).toEqual({ kind: 'partial', start: 0, end: 9 });
    expect(parseByteRange('bytes=5000-6000,20-29', size)).toEqual({ kind: 'partial', start: 20, end: 29 });
    expect(parseByteRange('bytes=,0-9,', size)).toEqual({ kind: 'partial', start: 0, end: 9 });
  });

  it.each(['bytes=1000-', 'bytes=1000-2000', 'bytes=-0', 'bytes=5000-6000,7000-'])(
    '%s is unsatisfiable',
    (header) => {
      expect(parseByteRange(header, size)).toEqual({ kind: 'unsatisfiable' });
    },
  );

  it('finds nothing to give in an empty file', () => {
    expect(parseByteRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseByteRange('bytes=-10', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it.each([
    undefined,
    '',
    'bytes=',
    'bytes=-',
    'bytes=abc',
    'bytes=5-1',
    'bytes=1-2-3',
    'bytes=0x10-20',
    'bytes=-1-2',
    'items=0-9',
    'bytes 0-9',
    'bytes=0-9,oops',
    'bytes=1.5-2',
  ])('ignores %j (whole file)', (header) => {
    expect(parseByteRange(header, size)).toEqual({ kind: 'full' });
  });
});
