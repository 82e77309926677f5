import { describe, expect, it } from 'vitest';
import {
  fileTypeOf,
  findWorkCode,
  formatWorkCode,
  parseWorkId,
  SORT_OPTIONS,
  UNKNOWN_CIRCLE,
  Work,
  WorkIdParam,
} from '../src/index.js';

describe('work codes', () => {
  it('formats 6 digits below 1,000,000 and 8 from there on', () => {
    expect(formatWorkCode(123456)).toBe('RJ123456');
    expect(formatWorkCode(12345)).toBe('RJ012345');
    expect(formatWorkCode(1234567)).toBe('RJ01234567');
  });

  it('gives BJ, VJ and local works ids of their own ranges, formatted back to their codes', () => {
    expect(parseWorkId('BJ123456')).toBe(100_123_456);
    expect(parseWorkId('vj01234567')).toBe(201_234_567);
    expect(parseWorkId('LOCAL-000001')).toBe(1_000_000_001);
    expect(formatWorkCode(100_123_456)).toBe('BJ123456');
    expect(formatWorkCode(201_234_567)).toBe('VJ01234567');
    expect(formatWorkCode(1_000_000_001)).toBe('LOCAL-000001');
    expect(formatWorkCode(99_999_999)).toBe('RJ99999999');
    for (const code of ['RJ123456', 'BJ123456', 'VJ123456', 'RJ01234567', 'BJ99999999', 'LOCAL-000042']) {
      expect(formatWorkCode(parseWorkId(code) as number)).toBe(code);
    }
  });

  it.each([
    ['123456', 123456],
    ['RJ123456', 123456],
    ['rj01234567', 1234567],
    ['01234567', 1234567],
    ['12345', 12345],
    [' RJ123456 ', 123456],
    ['100123456', 100_123_456],
    ['2147483647', 2_147_483_647],
  ])('parses the work id %s', (value, id) => {
    expect(parseWorkId(value)).toBe(id);
  });

  it.each([
    'RJ12345',
    'RJ1234567',
    'abc',
    '',
    '0',
    '-1',
    '1.5',
    'RJ123456x',
    '../1',
    'BJ000000',
    'LOCAL-0',
    'LOCAL-2147483647',
    '2147483648',
    'XJ123456',
  ])('rejects %j', (value) => {
    expect(parseWorkId(value)).toBeNull();
    expect(WorkIdParam.safeParse(value).success).toBe(false);
  });

  it.each([
    ['RJ123456', 123456],
    ['[サークル] 作品 RJ123456', 123456],
    ['rj01234567 title', 1234567],
    ['作品(RJ234567)', 234567],
    ['XRJ123456', null],
    ['RJ1234567', null],
    ['RJ12345', null],
    ['[サークル] 作品 (BJ123456)', 100_123_456],
    ['VJ01234567_ゲーム', 201_234_567],
    ['RJ000000', null],
    ['no code', null],
  ])('finds the code in %j', (text, id) => {
    expect(findWorkCode(text)).toBe(id);
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

describe('a Work for old clients (issue 12 item 8)', () => {
  it('says in the document what an unknown circle looks like, and that circle and nsfw are never null', () => {
    // kikoeru's web app throws on `circle: null` and drops the card: the OpenAPI document (built from these
    // descriptions) must tell client authors what stands for "no circle known".
    expect(Work.shape.circle.description).toContain(JSON.stringify(UNKNOWN_CIRCLE));
    expect(Work.shape.circle.description).toMatch(/never null/);
    expect(Work.shape.circle_id.description).toMatch(/^0 when/);
    expect(Work.shape.name.description).toContain("''");
    expect(Work.shape.nsfw.description).toMatch(/never null/);
    expect(Work.shape.circle.safeParse(null).success).toBe(false);
  });
});
