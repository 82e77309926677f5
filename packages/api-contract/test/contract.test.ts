import { describe, expect, it } from 'vitest';
import {
  fileTypeOf,
  findRjCode,
  formatRjCode,
  parseWorkId,
  SORT_OPTIONS,
  WorkIdParam,
} from '../src/index.js';

describe('RJ codes', () => {
  it('formats 6 digits below 1,000,000 and 8 from there on', () => {
    expect(formatRjCode(123456)).toBe('RJ123456');
    expect(formatRjCode(12345)).toBe('RJ012345');
    expect(formatRjCode(1234567)).toBe('RJ01234567');
  });

  it.each([
    ['123456', 123456],
    ['RJ123456', 123456],
    ['rj01234567', 1234567],
    ['01234567', 1234567],
    ['12345', 12345],
    [' RJ123456 ', 123456],
  ])('parses the work id %s', (value, id) => {
    expect(parseWorkId(value)).toBe(id);
  });

  it.each(['RJ12345', 'RJ1234567', 'abc', '', '0', '-1', '1.5', 'RJ123456x', '../1'])(
    'rejects %j',
    (value) => {
      expect(parseWorkId(value)).toBeNull();
      expect(WorkIdParam.safeParse(value).success).toBe(false);
    },
  );

  it.each([
    ['RJ123456', 123456],
    ['[サークル] 作品 RJ123456', 123456],
    ['rj01234567 title', 1234567],
    ['作品(RJ234567)', 234567],
    ['XRJ123456', null],
    ['RJ1234567', null],
    ['RJ12345', null],
    ['no code', null],
  ])('finds the code in %j', (text, id) => {
    expect(findRjCode(text)).toBe(id);
  });
});

describe('file types', () => {
  it.each([
    ['a.MP3', 'audio'],
    ['b.flac', 'audio'],
    ['c.Ape', 'audio'],
    ['subs.LRC', 'text'],
    ['x.vtt', 'text'],
    ['cover.JPG', 'image'],
    ['doc.pdf', 'other'],
    ['.hidden', 'other'],
    ['noext', 'other'],
  ])('%s is %s', (name, type) => {
    expect(fileTypeOf(name)).toBe(type);
  });
});

describe('sort options', () => {
  it('lists the 13 options of the spec, newest first as the default', () => {
    expect(SORT_OPTIONS).toHaveLength(13);
    expect(new Set(SORT_OPTIONS.map((option) => `${option.order} ${option.sort}`)).size).toBe(13);
  });
});
