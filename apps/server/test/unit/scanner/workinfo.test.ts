import { describe, expect, it } from 'vitest';
import { parseWorkInfo } from '../../../src/scanner/workinfo.js';

describe('parseWorkInfo', () => {
  it('reads the Work shape and ignores unknown fields', () => {
    const result = parseWorkInfo(
      JSON.stringify({
        title: 'T',
        circle: { id: 7, name: 'C' },
        vas: [{ id: '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d', name: 'V' }, { name: 'W' }],
        tags: [{ id: 1, name: 'tag', i18n: { 'en-us': { name: 'tag' }, xx: { name: 'no' } } }],
        release: '2020-01-02T00:00:00Z',
        age_category_string: 'adult',
        extra: 1,
      }),
    );
    expect(result).toEqual({
      ok: true,
      metadata: expect.objectContaining({
        title: 'T',
        circle: { id: 7, name: 'C' },
        vas: [
          { id: '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d', name: 'V' },
          { id: null, name: 'W' },
        ],
        tags: [{ id: 1, name: 'tag', i18n: { 'en-us': { name: 'tag' } } }],
        release: '2020-01-02',
        age: 'adult',
        nsfw: true,
      }),
    });
  });

  it('accepts circle_id + name and the short age field', () => {
    const result = parseWorkInfo(JSON.stringify({ circle_id: 3, name: 'C', age: 'r15', nsfw: false }));
    expect(result.ok && result.metadata).toMatchObject({
      circle: { id: 3, name: 'C' },
      age: 'r15',
      nsfw: false,
      title: null,
    });
  });

  it('drops fields of the wrong shape, keeps the rest', () => {
    const result = parseWorkInfo(
      JSON.stringify({
        title: 5,
        price: 'abc',
        dl_count: 10,
        vas: 'nope',
        tags: [{ name: '' }, { name: 'ok' }],
      }),
    );
    expect(result.ok && result.metadata).toMatchObject({
      title: null,
      price: null,
      dlCount: 10,
      vas: [],
      tags: [{ id: null, name: 'ok' }],
    });
  });

  it('reports a file that is not JSON or not an object', () => {
    expect(parseWorkInfo('{ "title": ')).toMatchObject({
      ok: false,
      message: expect.stringContaining('not valid JSON'),
    });
    expect(parseWorkInfo('[1]')).toMatchObject({ ok: false });
  });
});
