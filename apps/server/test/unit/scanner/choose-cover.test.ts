import { fileTypeOf } from '@sasayaki/api-contract';
import { describe, expect, it } from 'vitest';
import { chooseCoverImage } from '../../../src/scanner/choose-cover.js';
import type { IndexedFile } from '../../../src/scanner/scan-types.js';

const files = (entries: Array<[string, number]>): IndexedFile[] =>
  entries.map(([text, size], sortIndex) => ({
    path: { text, raw: null },
    absPath: text,
    rootDir: '/library',
    type: fileTypeOf(text),
    size,
    mtimeMs: 0,
    sortIndex,
  }));

const choose = (entries: Array<[string, number]>) => chooseCoverImage(files(entries))?.path.text ?? null;

describe('chooseCoverImage', () => {
  it('prefers an image named like a cover, top level first', () => {
    expect(
      choose([
        ['img/cover.jpg', 5],
        ['big.png', 99],
        ['Folder.PNG', 3],
      ]),
    ).toBe('Folder.PNG');
    expect(
      choose([
        ['img/Cover.webp', 5],
        ['big.png', 99],
      ]),
    ).toBe('img/Cover.webp');
    expect(
      choose([
        ['main.jpg', 1],
        ['jacket.jpg', 1],
        ['cover_01.jpg', 1],
      ]),
    ).toBe('cover_01.jpg');
  });

  it('else takes the largest image at the top level', () => {
    expect(
      choose([
        ['a.jpg', 5],
        ['b.png', 50],
        ['sub/huge.png', 500],
      ]),
    ).toBe('b.png');
  });

  it('gives null when only nested unnamed images or empty files exist', () => {
    expect(
      choose([
        ['sub/a.png', 5],
        ['cover.jpg', 0],
        ['a.wav', 9],
      ]),
    ).toBeNull();
  });

  it('does not take a word that merely contains a cover word', () => {
    expect(
      choose([
        ['discover.png', 1],
        ['maintenance.jpg', 9],
      ]),
    ).toBe('maintenance.jpg');
  });
});
