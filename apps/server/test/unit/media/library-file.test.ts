import { execFileSync } from 'node:child_process';
import {
  closeSync,
  fstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NotFound } from '../../../src/errors.js';
import { openLibraryFile, readLibraryFile, realPathOfDescriptor } from '../../../src/media/library-file.js';
import { isInside } from '../../../src/util/path-inside.js';

const base = mkdtempSync(join(tmpdir(), 'sasayaki-library-file-'));
const root = join(base, 'library');
const outside = join(base, 'outside');
mkdirSync(join(root, 'work', 'disc'), { recursive: true });
mkdirSync(outside);
writeFileSync(join(root, 'work', 'a.txt'), 'inside');
writeFileSync(join(outside, 'secret.txt'), 'secret');
afterAll(() => rmSync(base, { recursive: true, force: true }));

async function contentOf(path: string | Buffer, libraryRoot = root): Promise<string> {
  const { fd, stats } = await openLibraryFile(path, libraryRoot);
  try {
    const buffer = Buffer.alloc(stats.size);
    return buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, 0)).toString();
  } finally {
    closeSync(fd);
  }
}

describe('openLibraryFile', () => {
  it('opens a regular file inside its library folder, by text or byte path', async () => {
    expect(await contentOf(join(root, 'work', 'a.txt'))).toBe('inside');
    expect(await contentOf(Buffer.from(join(root, 'work', 'a.txt')))).toBe('inside');
  });

  it('follows links that stay inside the library, as the scanner does', async () => {
    symlinkSync(join(root, 'work', 'a.txt'), join(root, 'work', 'inner-link.txt'));
    expect(await contentOf(join(root, 'work', 'inner-link.txt'))).toBe('inside');
  });

  it('refuses a file, a folder or a parent folder that leads outside, whatever the path says', async () => {
    symlinkSync(join(outside, 'secret.txt'), join(root, 'work', 'file-link.txt'));
    symlinkSync(outside, join(root, 'work', 'folder-link'));
    symlinkSync(outside, join(root, 'work', 'disc', 'parent'));
    for (const path of [
      join(root, 'work', 'file-link.txt'),
      join(root, 'work', 'folder-link', 'secret.txt'),
      join(root, 'work', 'disc', 'parent', 'secret.txt'),
      join(root, '..', 'outside', 'secret.txt'),
      '/etc/passwd',
    ]) {
      await expect(openLibraryFile(path, root), path).rejects.toBeInstanceOf(NotFound);
    }
  });

  it('refuses what is not a regular file, and what is not there', async () => {
    execFileSync('mkfifo', [join(root, 'work', 'pipe.wav')]);
    for (const path of [join(root, 'work', 'pipe.wav'), join(root, 'work'), join(root, 'nothing.txt')]) {
      await expect(openLibraryFile(path, root), path).rejects.toBeInstanceOf(NotFound);
    }
  });

  it('resolves a library folder that is itself a link', async () => {
    const linkedRoot = join(base, 'linked-library');
    symlinkSync(root, linkedRoot);
    expect(await contentOf(join(linkedRoot, 'work', 'a.txt'), linkedRoot)).toBe('inside');
    await expect(openLibraryFile(join(outside, 'secret.txt'), linkedRoot)).rejects.toBeInstanceOf(NotFound);
  });

  it('refuses a file of another folder than the one it is said to be in', async () => {
    await expect(openLibraryFile(join(outside, 'secret.txt'), root)).rejects.toBeInstanceOf(NotFound);
    await expect(
      openLibraryFile(join(root, 'work', 'a.txt'), join(base, 'missing-root')),
    ).rejects.toBeInstanceOf(NotFound);
  });
});

describe('realPathOfDescriptor', () => {
  it.each(['linux', 'darwin'] as const)('says where an open file really is (%s way)', async (platform) => {
    const path = join(root, 'work', 'a.txt');
    const fd = openSync(path, 'r');
    try {
      const real = await realPathOfDescriptor(fd, path, fstatSync(fd), platform);
      expect(real?.toString()).toBe(realpathSync(path));
    } finally {
      closeSync(fd);
    }
  });

  it('without /proc, refuses a path that names another file than the one open', async () => {
    const path = join(root, 'work', 'swapped.txt');
    writeFileSync(path, 'first');
    const fd = openSync(path, 'r');
    try {
      writeFileSync(`${path}.new`, 'second');
      renameSync(`${path}.new`, path);
      expect(await realPathOfDescriptor(fd, path, fstatSync(fd), 'darwin')).toBeNull();
    } finally {
      closeSync(fd);
    }
  });
});

describe('readLibraryFile', () => {
  it('reads a small file whole', async () => {
    expect((await readLibraryFile(join(root, 'work', 'a.txt'), root, 1024)).toString()).toBe('inside');
  });

  it('refuses a file larger than its cap without reading it (a 5 GiB sparse "cover.jpg")', async () => {
    const big = join(root, 'work', 'cover.jpg');
    writeFileSync(big, '');
    truncateSync(big, 5 * 1024 ** 3);
    const started = performance.now();
    await expect(readLibraryFile(big, root, 64 * 1024 * 1024)).rejects.toThrow(/larger than 64 MiB/);
    expect(performance.now() - started).toBeLessThan(1000);
    rmSync(big);
  });
});

describe('isInside', () => {
  const bytes = (text: string) => Buffer.from(text);
  it.each([
    ['/lib', '/lib', true],
    ['/lib/a', '/lib', true],
    ['/library/a', '/lib', false],
    ['/li', '/lib', false],
    ['/etc/passwd', '/', true],
  ])('%s inside %s: %s', (path, libraryRoot, inside) => {
    expect(isInside(bytes(path), bytes(libraryRoot))).toBe(inside);
  });
});
