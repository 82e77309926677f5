import type { CoverFormat } from './cover-variants.js';

/** The quality an `Accept` header gives a media type: exact match, then `type/*`, then `*\/*`; 0 if absent. */
function qualityOf(accept: string, mediaType: string): number {
  const [type] = mediaType.split('/');
  let best = { specificity: -1, q: 0 };
  for (const part of accept.split(',')) {
    const [range = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const specificity = range === mediaType ? 2 : range === `${type}/*` ? 1 : range === '*/*' ? 0 : -1;
    if (specificity <= best.specificity) continue;
    const qParam = params.find((param) => param.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    best = { specificity, q: Number.isFinite(q) ? q : 0 };
  }
  return best.q;
}

/**
 * WebP when the client names it and likes it at least as much as JPEG (browsers send
 * `image/avif,image/webp,...,image/*,*\/*;q=0.8`); JPEG otherwise, which every client can show.
 */
export function coverFormatFor(accept: string | undefined): CoverFormat {
  if (!accept || !/image\/webp/i.test(accept)) return 'jpeg';
  const webp = qualityOf(accept, 'image/webp');
  return webp > 0 && webp >= qualityOf(accept, 'image/jpeg') ? 'webp' : 'jpeg';
}
