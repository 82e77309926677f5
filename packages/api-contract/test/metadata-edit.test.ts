import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { IsoDate, LocalWorkBody, WorkMetadataEdit, WorkMetadataView } from '../src/schemas.js';

const paramsOf = (input: unknown) =>
  WorkMetadataEdit.safeParse(input).error?.issues.map((issue) => issue.path.join('.') || '(root)') ?? [];

describe('hand edits (WorkMetadataEdit)', () => {
  it('accepts any subset of the fields, trimmed', () => {
    expect(
      WorkMetadataEdit.parse({
        title: '  New  ',
        tags: [1, { names: { 'ja-jp': 'あ', 'en-us': 'a', 'zh-cn': '阿' } }],
      }),
    ).toEqual({
      title: 'New',
      tags: [1, { names: { 'ja-jp': 'あ', 'en-us': 'a', 'zh-cn': '阿' } }],
    });
  });

  it('names the field of each bad value', () => {
    expect(paramsOf({ title: ' ' })).toEqual(['title']);
    expect(paramsOf({ price: -1 })).toEqual(['price']);
    expect(paramsOf({ price: 2.5 })).toEqual(['price']);
    expect(paramsOf({ tags: [{ names: { 'ja-jp': 'あ' } }] })).toEqual(['tags.0']);
    expect(new Set(paramsOf({ colour: 'red' }))).toEqual(new Set(['(root)']));
    expect(paramsOf({})).toEqual(['(root)']);
  });

  it('takes only calendar dates that exist, and never throws on a value that is no date at all', () => {
    expect(IsoDate.safeParse('2024-02-29').success).toBe(true);
    for (const bad of ['2023-02-29', '2024-13-01', '2024/01/01', 'yesterday', '']) {
      expect(() => IsoDate.safeParse(bad)).not.toThrow();
      expect(IsoDate.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('names the dialog’s view, and only it, as the OpenAPI component WorkMetadataView', () => {
    expect(z.globalRegistry.get(WorkMetadataView)?.id).toBe('WorkMetadataView');
    expect(z.globalRegistry.get(LocalWorkBody)).toBeUndefined();
  });
});
