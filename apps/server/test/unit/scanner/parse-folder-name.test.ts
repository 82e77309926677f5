import { describe, expect, it } from 'vitest';
import { parseFolderName } from '../../../src/scanner/parse-folder-name.js';

describe('parseFolderName', () => {
  it.each([
    ['RJ123456 [Circle] Title', { circle: 'Circle', title: 'Title' }],
    ['[Circle] Title RJ123456', { circle: 'Circle', title: 'Title' }],
    ['[Circle] Title (RJ123456)', { circle: 'Circle', title: 'Title' }],
    ['[Circle] Title [RJ01234567]', { circle: 'Circle', title: 'Title' }],
    ['RJ123456 Title', { circle: null, title: 'Title' }],
    ['rj123456_Title with (parens)', { circle: null, title: 'Title with (parens)' }],
    ['[サークル] 作品 RJ123456', { circle: 'サークル', title: '作品' }],
    ['【サークル】 作品 【RJ123456】', { circle: 'サークル', title: '作品' }],
    ['RJ123456 - [Circle] - Title', { circle: 'Circle', title: 'Title' }],
    ['RJ123456', { circle: null, title: null }],
    ['[Circle] RJ123456', { circle: 'Circle', title: null }],
  ])('%s', (name, expected) => {
    expect(parseFolderName(name)).toEqual(expected);
  });
});
