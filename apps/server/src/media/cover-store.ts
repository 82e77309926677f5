import { createHash, randomBytes } from 'node:crypto';
import { access, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { COVER_TYPES, type CoverType } from '@sasayaki/api-contract';
import { loadSharp } from '../util/lazy-import.js';
import { renderPlaceholder } from './cover-placeholder.js';
import { type CoverFormat, FILE_EXTENSION, VARIANTS } from './cover-variants.js';

/** Covers larger than this (8000 x 8000) are refused rather than decoded into gigabytes of memory. */
const MAX_INPUT_PIXELS = 64_000_000;
const KEY = /^[0-9a-f]{24}$/;
/** Bumped when the placeholder's drawing changes, so caches of the old one are not served. */
const PLACEHOLDER_VERSION = 1;

export class CoverImageError extends Error {
  constructor(cause: unknown) {
    super(`Cover image could not be decoded: ${(cause as Error).message ?? String(cause)}`, { cause });
    this.name = 'CoverImageError';
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/** Temp file then rename: a reader never sees half a file, and concurrent writers of one key are harmless. */
async function writeAtomically(path: string, data: Buffer): Promise<void> {
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temp, data);
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/**
 * Generated cover images on disk, keyed by the digest of the original image: `save()` makes the JPEG
 * variants once, WebP variants and the placeholder are made on first request and kept beside them.
 * Files live in `<dir>/<first two key characters>/` so no folder grows past a few thousand entries.
 */
export class CoverStore {
  /** Renders in progress, so concurrent first requests share one. */
  private readonly pending = new Map<string, Promise<void>>();

  constructor(readonly dir: string) {}

  /** Stores the cover variants of an image and returns its key; throws CoverImageError on a bad image. */
  async save(image: Buffer): Promise<string> {
    const key = createHash('sha256').update(image).digest('hex').slice(0, 24);
    const paths = COVER_TYPES.map((type) => this.variantFile(key, type, 'jpeg'));
    if ((await Promise.all(paths.map(exists))).every(Boolean)) return key;
    const sharp = await loadSharp();
    try {
      await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    } catch (error) {
      throw new CoverImageError(error);
    }
    await mkdir(join(this.dir, key.slice(0, 2)), { recursive: true });
    for (const type of COVER_TYPES) {
      let encoded: Buffer;
      try {
        const decoded = sharp(image, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
        encoded = await VARIANTS[type](decoded)
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 85 })
          .toBuffer();
      } catch (error) {
        throw new CoverImageError(error);
      }
      await writeAtomically(this.variantFile(key, type, 'jpeg'), encoded);
    }
    return key;
  }

  /**
   * The file of one cover variant, making its WebP from the JPEG on first request. The placeholder's
   * when there is no key, or when the cover's files are gone (a cleared cache must not break pages).
   */
  async variantPath(key: string | null, type: CoverType, format: CoverFormat): Promise<string> {
    if (key === null || !KEY.test(key)) return this.placeholderPath(type, format);
    const jpeg = this.variantFile(key, type, 'jpeg');
    if (!(await exists(jpeg))) return this.placeholderPath(type, format);
    if (format === 'jpeg') return jpeg;
    const webp = this.variantFile(key, type, 'webp');
    await this.once(webp, async () =>
      writeAtomically(webp, await (await loadSharp())(jpeg).webp({ quality: 82 }).toBuffer()),
    );
    return webp;
  }

  /** The generated placeholder of one type, drawn once and kept. */
  async placeholderPath(type: CoverType, format: CoverFormat): Promise<string> {
    const folder = join(this.dir, 'placeholder');
    const path = join(folder, `v${PLACEHOLDER_VERSION}-${type}.${FILE_EXTENSION[format]}`);
    await this.once(path, async () => {
      await mkdir(folder, { recursive: true });
      await writeAtomically(path, await renderPlaceholder(type, format));
    });
    return path;
  }

  private variantFile(key: string, type: CoverType, format: CoverFormat): string {
    return join(this.dir, key.slice(0, 2), `${key}-${type}.${FILE_EXTENSION[format]}`);
  }

  /** Makes `path` with `make` unless it exists, sharing one run between concurrent callers. */
  private async once(path: string, make: () => Promise<void>): Promise<void> {
    if (await exists(path)) return;
    let run = this.pending.get(path);
    if (!run) {
      run = make().finally(() => this.pending.delete(path));
      this.pending.set(path, run);
    }
    await run;
  }
}
