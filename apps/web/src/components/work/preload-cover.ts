import { type CoverSize, type CoverWork, coverSrc } from './cover-src';

/**
 * Starts loading the cover that will be the first screen's largest picture as soon as its work is known
 * (main.tsx, when the start-up fetch of the list or the work answers), instead of once the screen has
 * rendered its `<img>`: on a phone that render is several hundred milliseconds of script between the
 * data and the picture (Lighthouse's largest paint, `prioritize-lcp-image`). The `<img>` then finds the
 * picture in the preload cache (same address, no CORS, like the image's own request).
 */
export function preloadCover(work: CoverWork, size: CoverSize): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'image');
  link.setAttribute('href', coverSrc(work, size));
  link.setAttribute('fetchpriority', 'high');
  document.head.appendChild(link);
}
