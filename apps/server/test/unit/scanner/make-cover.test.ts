import { mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeCover } from '../../../src/scanner/make-cover.js';
import type { AudioReader } from '../../../src/scanner/read-audio-headers.js';
import type { IndexedFile, ScanReporter } from '../../../src/scanner/scan-types.js';

const base = mkdtempSync(join(tmpdir(), 'sasayaki-make-cover-'));
const root = join(base, 'library');
mkdirSync(join(root, 'RJ123456'), { recursive: true });
writeFileSync(join(base, 'outside.png'), 'OUTSIDE IMAGE BYTES');
afterAll(() => rmSync(base, { recursive: true, force: true }));

const noAudio: AudioReader = {
  readHeaders: () => Promise.reject(new Error('not expected')),
  readTags: () => Promise.reject(new Error('not expected')),
  readPicture: () => Promise.reject(new Error('not expected')),
};

function image(name: string, size = 100): IndexedFile {
  return {
    path: { text: name, raw: null },
    absPath: join(root, 'RJ123456', name),
    rootDir: root,
    type: 'image',
    size,
    mtimeMs: 0,
    sortIndex: 0,
  };
}

async function coverOf(file: IndexedFile) {
  const saved: Buffer[] = [];
  const issues: string[] = [];
  const reporter: ScanReporter = {
    signal: new AbortController().signal,
    issue: (_path, message) => {
      issues.push(message);
    },
    count: () => {},
    setCurrent: () => {},
  };
  const covers = {
    save: async (bytes: Buffer) => {
      saved.push(bytes);
      return 'key';
    },
  };
  const result = await makeCover([file], null, true, { covers, audio: noAudio }, reporter, 'RJ123456');
  return { result, saved, issues };
}

describe('makeCover', () => {
  it('keeps a cover fetched from DLsite when the folder has no image of its own, and not over one', async () => {
    const reporter: ScanReporter = {
      signal: new AbortController().signal,
      issue: () => {},
      count: () => {},
      setCurrent: () => {},
    };
    const covers = { save: async () => 'local-key' };
    const remote = {
      coverKey: 'remote-key',
      coverSource: 'remote:https://img.example/RJ123456_img_main.jpg',
    };
    const kept = await makeCover([], remote, true, { covers, audio: noAudio }, reporter, 'RJ123456');
    expect(kept).toEqual(remote);
    writeFileSync(join(root, 'RJ123456', 'folder.png'), 'LOCAL');
    const local = await makeCover(
      [image('folder.png')],
      remote,
      false,
      { covers, audio: noAudio },
      reporter,
      'RJ123456',
    );
    expect(local.coverKey).toBe('local-key');
  });

  it('keeps a fetched cover over the folder’s own image when the administrator prefers fetched covers', async () => {
    const reporter: ScanReporter = {
      signal: new AbortController().signal,
      issue: () => {},
      count: () => {},
      setCurrent: () => {},
    };
    const covers = { save: async () => 'local-key' };
    const remote = {
      coverKey: 'remote-key',
      coverSource: 'remote:https://img.example/RJ123456_img_main.jpg',
    };
    writeFileSync(join(root, 'RJ123456', 'folder.png'), 'LOCAL');
    const deps = { covers, audio: noAudio, preferRemoteCover: true };
    expect(await makeCover([image('folder.png')], remote, true, deps, reporter, 'RJ123456')).toEqual(remote);
  });

  it('hands the chosen image to the cover store', async () => {
    writeFileSync(join(root, 'RJ123456', 'cover.png'), 'IMAGE');
    const { result, saved } = await coverOf(image('cover.png'));
    expect(result.coverKey).toBe('key');
    expect(saved.map(String)).toEqual(['IMAGE']);
  });

  it('does not read an image swapped for a link out of the library after the walk', async () => {
    symlinkSync(join(base, 'outside.png'), join(root, 'RJ123456', 'swapped.png'));
    const { result, saved, issues } = await coverOf(image('swapped.png'));
    expect(result.coverKey).toBeNull();
    expect(saved).toEqual([]);
    expect(issues[0]).toMatch(/Cannot read cover image/);
  });

  it('does not read a 5 GiB "image" into memory', async () => {
    const big = join(root, 'RJ123456', 'big.jpg');
    writeFileSync(big, '');
    truncateSync(big, 5 * 1024 ** 3);
    const { result, saved, issues } = await coverOf(image('big.jpg', 5 * 1024 ** 3));
    expect(result.coverKey).toBeNull();
    expect(saved).toEqual([]);
    expect(issues[0]).toMatch(/larger than 64 MiB/);
  });
});
