import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CoverImageError, CoverStore } from '../../../src/media/cover-store.js';

async function makePng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 200, g: 40, b: 90, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

describe('CoverStore', () => {
  let dir: string;
  let store: CoverStore;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'sasayaki-covers-'));
    store = new CoverStore(dir);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('makes the three JPEG variants at their sizes under the digest key', async () => {
    const key = await store.save(await makePng(1600, 1200));
    expect(key).toMatch(/^[0-9a-f]{24}$/);
    const sizes = await Promise.all(
      (['main', 'sam', '240x240'] as const).map(async (type) => {
        const path = await store.variantPath(key, type, 'jpeg');
        const meta = await sharp(path).metadata();
        return [type, meta.format, meta.width, meta.height];
      }),
    );
    expect(sizes).toEqual([
      ['main', 'jpeg', 1200, 900],
      ['sam', 'jpeg', 300, 225],
      ['240x240', 'jpeg', 240, 240],
    ]);
  });

  it('is idempotent: the same bytes give the same key and the files are kept', async () => {
    const png = await makePng(500, 400);
    const key = await store.save(png);
    const path = await store.variantPath(key, 'main', 'jpeg');
    const before = statSync(path).mtimeMs;
    expect(await store.save(png)).toBe(key);
    expect(statSync(path).mtimeMs).toBe(before);
    expect((await sharp(path).metadata()).width).toBe(500);
    const leftovers = readdirSync(join(dir, key.slice(0, 2))).filter((name) => name.endsWith('.tmp'));
    expect(leftovers).toEqual([]);
  });

  it('makes WebP variants on first request and keeps them', async () => {
    const key = await store.save(await makePng(640, 480));
    const [first, second] = await Promise.all([
      store.variantPath(key, 'sam', 'webp'),
      store.variantPath(key, 'sam', 'webp'),
    ]);
    expect(first).toBe(second);
    expect(first.endsWith('.webp')).toBe(true);
    expect((await sharp(first).metadata()).format).toBe('webp');
  });

  it('refuses a corrupt image with a clear error', async () => {
    await expect(store.save(Buffer.from('definitely not an image'))).rejects.toThrow(CoverImageError);
    await expect(store.save(Buffer.from('definitely not an image'))).rejects.toThrow(/could not be decoded/);
    const truncated = (await makePng(300, 300)).subarray(0, 60);
    await expect(store.save(truncated)).rejects.toThrow(CoverImageError);
  });

  it('draws a placeholder per type and format, once', async () => {
    const expected = { main: [800, 600], sam: [300, 225], '240x240': [240, 240] } as const;
    for (const type of ['main', 'sam', '240x240'] as const) {
      for (const format of ['jpeg', 'webp'] as const) {
        const path = await store.placeholderPath(type, format);
        const meta = await sharp(path).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual([format, ...expected[type]]);
        const mtime = statSync(path).mtimeMs;
        expect(await store.placeholderPath(type, format)).toBe(path);
        expect(statSync(path).mtimeMs).toBe(mtime);
      }
    }
  });

  it('falls back to the placeholder without a key, with a bad key or when the files are gone', async () => {
    const placeholder = await store.placeholderPath('main', 'jpeg');
    expect(await store.variantPath(null, 'main', 'jpeg')).toBe(placeholder);
    expect(await store.variantPath('../../etc/passwd', 'main', 'jpeg')).toBe(placeholder);
    expect(await store.variantPath('0123456789abcdef01234567', 'main', 'jpeg')).toBe(placeholder);
  });
});
