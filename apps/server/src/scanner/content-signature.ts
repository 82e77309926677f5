import { createHash } from 'node:crypto';
import type { IndexedFile } from './scan-types.js';

/**
 * A digest of a work folder's file list: relative paths (their bytes), sizes and modification times.
 * When it matches what the last scan stored, nothing in the folder changed and nothing is re-read.
 */
export function contentSignature(files: readonly Pick<IndexedFile, 'path' | 'size' | 'mtimeMs'>[]): string {
  const hash = createHash('sha256');
  for (const file of files)
    hash.update(`${file.path.raw ?? file.path.text}\0${file.size}\0${file.mtimeMs}\n`);
  return hash.digest('base64url');
}
