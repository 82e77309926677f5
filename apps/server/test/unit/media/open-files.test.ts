import { fstatSync, mkdtempSync, readSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { NotFound } from '../../../src/errors.js';
import { type OpenFile, OpenFiles } from '../../../src/media/open-files.js';

const dir = mkdtempSync(join(tmpdir(), 'sasayaki-open-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fileWith(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

function contentOf(fd: number): string {
  const buffer = Buffer.alloc(64);
  return buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, 0)).toString();
}

function isOpen(fd: number): boolean {
  try {
    fstatSync(fd);
    return true;
  } catch {
    return false;
  }
}

/** Descriptors close in the background: a moment for that to happen. */
const closed = () => new Promise((resolve) => setTimeout(resolve, 20));

/** A clock the test moves, so revalidation and idle closing happen when the test says. */
function clock() {
  let now = 1_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('OpenFiles', () => {
  it('shares one descriptor between concurrent and recent requests for a file', async () => {
    const files = new OpenFiles();
    const path = fileWith('shared.bin', 'shared');
    const [a, b] = await Promise.all([files.acquire(path, dir), files.acquire(path, dir)]);
    const c = await files.acquire(path, dir);
    expect(new Set([a.fd, b.fd, c.fd]).size).toBe(1);
    expect(files.size).toBe(1);
    expect(a.stats.size).toBe(6);
    for (const held of [a, b, c]) held.release();
  });

  it('sees a file replaced on disk at the next look at its path, and lets the old one finish', async () => {
    const time = clock();
    const files = new OpenFiles({ now: time.now, revalidateMs: 1_000 });
    const path = fileWith('replaced.txt', 'old');
    const old = await files.acquire(path, dir);
    writeFileSync(`${path}.new`, 'new!');
    renameSync(`${path}.new`, path);
    const soon = await files.acquire(path, dir);
    expect(soon.fd).toBe(old.fd);
    time.advance(1_000);
    const later = await files.acquire(path, dir);
    expect(later.fd).not.toBe(old.fd);
    expect(contentOf(later.fd)).toBe('new!');
    expect(later.stats.size).toBe(4);
    // The replaced file stays readable for the requests still sending it, then closes.
    expect(contentOf(old.fd)).toBe('old');
    soon.release();
    expect(isOpen(old.fd)).toBe(true);
    old.release();
    await closed();
    expect(isOpen(old.fd)).toBe(false);
    later.release();
  });

  it('answers NotFound for a file deleted since, and for what is not a regular file', async () => {
    const time = clock();
    const files = new OpenFiles({ now: time.now });
    const path = fileWith('deleted.txt', 'gone soon');
    (await files.acquire(path, dir)).release();
    rmSync(path);
    time.advance(1_000);
    await expect(files.acquire(path, dir)).rejects.toBeInstanceOf(NotFound);
    await expect(files.acquire(join(dir, 'never-there'), dir)).rejects.toBeInstanceOf(NotFound);
    await expect(files.acquire(dir, dir)).rejects.toBeInstanceOf(NotFound);
    expect(files.size).toBe(0);
  });

  it('closes a descriptor nobody used for the idle time, and only once for repeated releases', async () => {
    const files = new OpenFiles({ idleMs: 20 });
    const path = fileWith('idle.txt', 'idle');
    const held = await files.acquire(path, dir);
    held.release();
    held.release();
    expect(isOpen(held.fd)).toBe(true);
    const again = await files.acquire(path, dir);
    expect(again.fd).toBe(held.fd);
    again.release();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(isOpen(held.fd)).toBe(false);
    expect(files.size).toBe(0);
  });

  it('never hands out a descriptor its idle time closed while its path was looked at again', async () => {
    const time = clock();
    const files = new OpenFiles({ now: time.now, revalidateMs: 500, idleMs: 5_000 });
    const path = fileWith('idle-race.txt', 'race');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let pending: Promise<OpenFile>;
    try {
      (await files.acquire(path, dir)).release();
      time.advance(5_000);
      pending = files.acquire(path, dir); // stale: its path is looked at again (a stat) ...
      vi.advanceTimersByTime(5_000); // ... while the idle time ends and closes the descriptor
    } finally {
      vi.useRealTimers();
    }
    const held = await pending;
    await closed();
    expect(isOpen(held.fd)).toBe(true);
    expect(contentOf(held.fd)).toBe('race');
    held.release();
  });

  it('keys paths given as bytes apart from text paths', async () => {
    const files = new OpenFiles();
    const path = fileWith('bytes.txt', 'bytes');
    const text = await files.acquire(path, dir);
    const bytes = await files.acquire(Buffer.from(path), dir);
    expect(contentOf(bytes.fd)).toBe('bytes');
    expect(files.size).toBe(2);
    text.release();
    bytes.release();
  });
});
