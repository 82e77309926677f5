import type { CoverType } from '@sasayaki/api-contract';
import { loadSharp } from '../util/lazy-import.js';
import type { CoverFormat } from './cover-variants.js';

/** Placeholder sizes follow the real covers' shapes: 4:3 like DLsite covers, and the square thumbnail. */
const SIZES: Readonly<Record<CoverType, { width: number; height: number }>> = {
  main: { width: 800, height: 600 },
  sam: { width: 300, height: 225 },
  '240x240': { width: 240, height: 240 },
};

/** A soft pastel gradient with a headphones glyph drawn in a 100-unit box (no fonts needed). */
function placeholderSvg(width: number, height: number): string {
  const glyph = Math.min(width, height) * 0.45;
  const x = (width - glyph) / 2;
  const y = (height - glyph) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#fbd3e9"/>
      <stop offset="0.55" stop-color="#d9c9f5"/>
      <stop offset="1" stop-color="#bbd4fb"/>
    </linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <g transform="translate(${x} ${y}) scale(${glyph / 100})" fill="#ffffff" opacity="0.9">
    <path d="M14 62 V52 a36 36 0 0 1 72 0 V62" fill="none" stroke="#ffffff" stroke-width="8" stroke-linecap="round"/>
    <rect x="6" y="56" width="22" height="34" rx="9"/>
    <rect x="72" y="56" width="22" height="34" rx="9"/>
  </g>
</svg>`;
}

/** The placeholder image of one cover type, encoded in the given format. */
export async function renderPlaceholder(type: CoverType, format: CoverFormat): Promise<Buffer> {
  const { width, height } = SIZES[type];
  const sharp = await loadSharp();
  const image = sharp(Buffer.from(placeholderSvg(width, height)));
  return format === 'webp' ? image.webp({ quality: 85 }).toBuffer() : image.jpeg({ quality: 88 }).toBuffer();
}
