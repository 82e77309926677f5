/**
 * `works.cover_source` of a cover made from a metadata provider's image (metadata/remote-covers.ts):
 * `remote:<url>`. A rescan keeps such a cover when the work's folder has no image of its own.
 */
export const REMOTE_COVER_PREFIX = 'remote:';

export const remoteCoverSource = (url: string): string => `${REMOTE_COVER_PREFIX}${url}`;

export const isRemoteCover = (coverSource: string | null | undefined): boolean =>
  coverSource?.startsWith(REMOTE_COVER_PREFIX) ?? false;
