import type { CoverType } from '@sasayaki/api-contract';
import type { Sharp } from 'sharp';

export type CoverFormat = 'jpeg' | 'webp';

export const FILE_EXTENSION: Readonly<Record<CoverFormat, string>> = { jpeg: 'jpg', webp: 'webp' };

/** How each cover type is cut from the original: the full cover capped, the list width, the square crop. */
export const VARIANTS: Readonly<Record<CoverType, (image: Sharp) => Sharp>> = {
  main: (image) => image.resize({ width: 1200, height: 1200, fit: 'inside', withoutEnlargement: true }),
  sam: (image) => image.resize({ width: 300, withoutEnlargement: true }),
  '240x240': (image) => image.resize({ width: 240, height: 240, fit: 'cover', position: 'centre' }),
};
