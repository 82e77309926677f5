import { describe, expect, it } from 'vitest';
import {
  appendName,
  childPath,
  decodeName,
  EMPTY_PATH,
  toStoredPath,
  workFolderOf,
} from '../../../src/scanner/fs-names.js';

/** What the walk builds for `names` below `root`, name by name (discover-folders.ts). */
function walked(root: string, names: Buffer[]) {
  let absPath: string | Buffer = root;
  let rel = EMPTY_PATH;
  for (const bytes of names) {
    const name = decodeName(bytes);
    absPath = childPath(absPath, name);
    rel = appendName(rel, name);
  }
  return { absPath, dir: toStoredPath(rel) };
}

describe('workFolderOf', () => {
  it('makes again the path the walk opened: text names', () => {
    const { absPath, dir } = walked('/library', [Buffer.from('circle'), Buffer.from('RJ300001 夜の囁き')]);
    const folder = workFolderOf({ id: 300_001, rootDir: '/library', dir });
    expect(folder.absPath).toBe(absPath);
    expect(folder.display).toBe('/library/circle/RJ300001 夜の囁き');
  });

  it('makes again the path the walk opened: a name that is not UTF-8, as bytes', () => {
    const lossy = Buffer.from([0x52, 0x4a, 0x33, 0x30, 0x30, 0x30, 0x30, 0x32, 0x20, 0xff, 0xfe]);
    const { absPath, dir } = walked('/library', [Buffer.from('circle'), lossy, Buffer.from('disc 1')]);
    expect(Buffer.isBuffer(absPath)).toBe(true);
    const folder = workFolderOf({ id: 300_002, rootDir: '/library', dir });
    expect(Buffer.compare(folder.absPath as Buffer, absPath as Buffer)).toBe(0);
    expect(folder.display).toBe(`/library/${dir.text}`);
  });

  it('keeps a folder that has its paths already (a local work numbered this scan)', () => {
    const local = { id: 1, rootDir: '/l', dir: { text: 'a', raw: null }, absPath: '/l/a', display: '/l/a' };
    expect(workFolderOf(local)).toBe(local);
  });
});
