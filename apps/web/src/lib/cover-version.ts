/**
 * Covers changed in this tab (the Edit dialog): their addresses stay the same while browsers keep a cover
 * for a day (`Cache-Control: max-age=86400`), so the covers drawn here ask with a version of their own and
 * the administrator sees the new picture on every page at once. Other browsers see it when their copy
 * expires.
 */
const versions = new Map<string, string>();

export function noteCoverChanged(sourceId: string, version: string): void {
  versions.set(sourceId.toUpperCase(), version);
}

/** A cover address with this tab's version of the work's cover, if it changed here. */
export function versionedCoverUrl(sourceId: string, url: string): string {
  const version = versions.get(sourceId.toUpperCase());
  return version === undefined
    ? url
    : `${url}${url.includes('?') ? '&' : '?'}v=${encodeURIComponent(version)}`;
}
