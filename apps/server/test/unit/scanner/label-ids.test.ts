import { describe, expect, it } from 'vitest';
import { uuidV5 } from '../../../src/scanner/label-ids.js';
import { buildSearchText } from '../../../src/scanner/search-text.js';

describe('uuidV5', () => {
  it('matches the RFC test vector', () => {
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe(
      '2ed6657d-e927-568b-95e1-2665a8aea6a2',
    );
  });

  it('gives one id per voice actor name', () => {
    expect(uuidV5('声優')).toBe(uuidV5('声優'));
    expect(uuidV5('声優')).not.toBe(uuidV5('声優2'));
  });
});

describe('buildSearchText', () => {
  it('joins title, circle, tags in every language, VAs and the code, lower-cased', () => {
    const text = buildSearchText(1234567, 'Title', {
      circle: { id: 1, name: 'Circle' },
      tags: [{ id: 1, name: 'Tag', i18n: { 'ja-jp': { name: 'タグ' }, 'en-us': { name: 'Tag' } } }],
      vas: [{ id: null, name: 'Voice' }],
    });
    expect(text).toBe('title circle tag タグ voice rj01234567');
  });
});
