import { describe, expect, it } from 'vitest';
import { isKnown, mergeMetadata } from '../../../src/metadata/merge.js';
import type { OrderedProviderName, ProviderMetadata } from '../../../src/metadata/provider-types.js';

const ALL: OrderedProviderName[] = ['workinfo', 'dlsite', 'asmrone', 'kikoeru', 'folder', 'tags'];
const answers = (entries: Array<[OrderedProviderName, ProviderMetadata]>) => new Map(entries);

describe('mergeMetadata', () => {
  it('takes each field from the first provider in the order that knows it', () => {
    const merged = mergeMetadata(
      ALL,
      answers([
        [
          'folder',
          { title: 'From the folder', circle: { id: null, name: 'Folder circle' }, release: '2012-07-02' },
        ],
        ['dlsite', { title: 'From DLsite', price: 1320 }],
        ['tags', { title: 'Album tag', vas: [{ id: null, name: 'Artist' }] }],
      ]),
      {},
    );
    expect(merged.values).toEqual({
      title: 'From DLsite',
      circle: { id: null, name: 'Folder circle' },
      vas: [{ id: null, name: 'Artist' }],
      release: '2012-07-02',
      price: 1320,
    });
    expect(merged.sources).toEqual({
      title: 'dlsite',
      circle: 'folder',
      vas: 'tags',
      release: 'folder',
      price: 'dlsite',
    });
  });

  it('respects the configured order, whatever order the answers come in', () => {
    const given = answers([
      ['workinfo', { title: 'Sidecar' }],
      ['dlsite', { title: 'DLsite' }],
    ]);
    expect(mergeMetadata(['dlsite', 'workinfo'], given, {}).values.title).toBe('DLsite');
    expect(mergeMetadata(['workinfo', 'dlsite'], given, {}).values.title).toBe('Sidecar');
  });

  it('lets a hand edit win over every provider, field by field', () => {
    const merged = mergeMetadata(
      ALL,
      answers([['workinfo', { title: 'Sidecar', release: '2020-01-01', nsfw: true }]]),
      { title: 'Edited', nsfw: false },
    );
    expect(merged.values).toEqual({ title: 'Edited', release: '2020-01-01', nsfw: false });
    expect(merged.sources).toEqual({ title: 'edit', release: 'workinfo', nsfw: 'edit' });
  });

  it('skips a provider that is switched off (not in the order)', () => {
    const merged = mergeMetadata(
      ['workinfo', 'folder'],
      answers([
        ['dlsite', { title: 'DLsite', price: 990 }],
        ['folder', { title: 'Folder' }],
      ]),
      {},
    );
    expect(merged.values).toEqual({ title: 'Folder' });
    expect(merged.sources).toEqual({ title: 'folder' });
  });

  it('counts empty strings, lists, objects and nameless labels as not known', () => {
    const merged = mergeMetadata(
      ALL,
      answers([
        [
          'workinfo',
          {
            title: '  ',
            tags: [],
            vas: [],
            circle: { id: null, name: '' },
            translationInfo: {},
            series: { id: null, name: ' ' },
          },
        ],
        [
          'dlsite',
          {
            title: 'Known',
            tags: [{ id: 497, name: 'ASMR', i18n: {} }],
            circle: { id: 12, name: 'Circle' },
            translationInfo: { is_original: true },
          },
        ],
      ]),
      { title: '', vas: [] },
    );
    expect(merged.sources).toEqual({
      title: 'dlsite',
      tags: 'dlsite',
      circle: 'dlsite',
      translationInfo: 'dlsite',
    });
  });

  it('keeps false and 0 as known values', () => {
    const merged = mergeMetadata(
      ALL,
      answers([
        ['workinfo', { nsfw: false, price: 0 }],
        ['dlsite', { nsfw: true, price: 500 }],
      ]),
      {},
    );
    expect(merged.values).toEqual({ nsfw: false, price: 0 });
  });

  it("drops a tags voice actor named like the work's circle, but not a provider's", () => {
    const order: OrderedProviderName[] = ['dlsite', 'folder', 'tags'];
    const fromTags = mergeMetadata(
      order,
      new Map<OrderedProviderName, ProviderMetadata>([
        ['folder', { circle: { id: null, name: 'Moonlit Whisper' } }],
        ['tags', { vas: [{ id: null, name: 'Moonlit Whisper' }] }],
      ]),
      {},
    );
    expect(fromTags.values.vas).toBeUndefined();
    expect(fromTags.sources.vas).toBeUndefined();
    const mixed = mergeMetadata(
      order,
      new Map<OrderedProviderName, ProviderMetadata>([
        ['folder', { circle: { id: null, name: 'Moonlit Whisper' } }],
        [
          'tags',
          {
            vas: [
              { id: null, name: 'Moonlit Whisper' },
              { id: null, name: '星乃りん' },
            ],
          },
        ],
      ]),
      {},
    );
    expect(mixed.values.vas).toEqual([{ id: null, name: '星乃りん' }]);
    const solo = mergeMetadata(
      order,
      new Map<OrderedProviderName, ProviderMetadata>([
        ['dlsite', { circle: { id: 1, name: 'みもりあいの' }, vas: [{ id: null, name: 'みもりあいの' }] }],
      ]),
      {},
    );
    expect(solo.values.vas).toEqual([{ id: null, name: 'みもりあいの' }]);
  });
});

describe('isKnown', () => {
  it.each([
    [undefined, false],
    [null, false],
    ['', false],
    ['x', true],
    [[], false],
    [[1], true],
    [{}, false],
    [{ a: 1 }, true],
    [Number.NaN, false],
    [0, true],
    [false, true],
  ])('%j → %s', (value, known) => {
    expect(isKnown(value)).toBe(known);
  });
});
