import type { Work } from '@sasayaki/api-contract';
import { mediaUrl } from '../../api/client';
import { versionedCoverUrl } from '../../lib/cover-version';

export type CoverSize = 'thumb' | 'sam' | 'main';

export type CoverWork = Pick<
  Work,
  'source_id' | 'title' | 'release' | 'thumbnailCoverUrl' | 'samCoverUrl' | 'mainCoverUrl'
>;

const URL_OF: Record<CoverSize, (work: CoverWork) => string> = {
  thumb: (work) => work.thumbnailCoverUrl,
  sam: (work) => work.samCoverUrl,
  main: (work) => work.mainCoverUrl,
};

/**
 * The address a cover `<img>` loads: a preload of the same cover (`preloadCover`) must ask for exactly
 * this one, or the browser fetches it twice.
 */
export function coverSrc(work: CoverWork, size: CoverSize): string {
  return mediaUrl(versionedCoverUrl(work.source_id, URL_OF[size](work)));
}
