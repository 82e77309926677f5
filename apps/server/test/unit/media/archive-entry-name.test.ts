import { describe, expect, it } from 'vitest';
import { safeEntryName, uniqueEntryName } from '../../../src/media/archive-entry-name.js';

describe('safeEntryName', () => {
  it.each([
    ['RJ123456/MP3/01 はじめに.mp3', 'RJ123456/MP3/01 はじめに.mp3'],
    ['RJ123456/..\\..\\etc\\passwd', 'RJ123456/.._.._etc_passwd'],
    ['RJ123456/../../etc/passwd', 'RJ123456/_/_/etc/passwd'],
    ['RJ123456/./a//b', 'RJ123456/_/a/_/b'],
    ['RJ123456/nul\u0000.txt', 'RJ123456/nul_.txt'],
    ['RJ123456/tab\tand\u007fdel', 'RJ123456/tab_and_del'],
    ['RJ123456/...', 'RJ123456/...'],
    ['RJ123456/\ufffdbad.txt', 'RJ123456/\ufffdbad.txt'],
  ])('%j becomes %j', (name, safe) => {
    expect(safeEntryName(name)).toBe(safe);
  });
});

describe('uniqueEntryName', () => {
  it('numbers a name taken already before its extension, or at its end without one', () => {
    const taken = new Set<string>();
    expect(uniqueEntryName('W/a\\b.txt', taken)).toBe('W/a_b.txt');
    expect(uniqueEntryName('W/a_b.txt', taken)).toBe('W/a_b~2.txt');
    expect(uniqueEntryName('W/a_b.txt', taken)).toBe('W/a_b~3.txt');
    expect(uniqueEntryName('W/.hidden', taken)).toBe('W/.hidden');
    expect(uniqueEntryName('W/.hidden', taken)).toBe('W/.hidden~2');
    expect(uniqueEntryName('W.d/readme', taken)).toBe('W.d/readme');
    expect(uniqueEntryName('W.d/readme', taken)).toBe('W.d/readme~2');
  });
});
