/**
 * The notices' decisions, kept pure for tests: when a version counts as new (spec section 9: compare
 * the version without its last segment) and which iOS versions get the upgrade notice.
 */

/** '1.1.3' -> '1.1'; a version with one segment stays as it is. */
export function withoutLastSegment(version: string): string {
  const parts = version.trim().split('.');
  return parts.length > 1 ? parts.slice(0, -1).join('.') : version.trim();
}

/**
 * 'notify': a new version since the one stored in `localVersion` (show the notice, then store);
 * 'store': nothing to say, but store the version (first visit, or only the last segment changed);
 * 'none': already stored.
 */
export function versionDecision(current: string, stored: string | null): 'notify' | 'store' | 'none' {
  if (!current) return 'none';
  if (stored === null || stored === '') return 'store';
  if (withoutLastSegment(current) !== withoutLastSegment(stored)) return 'notify';
  return current === stored ? 'none' : 'store';
}

export type Version = [number, number, number];

/** The iOS / iPadOS version from a user agent, or null when it is not iOS. */
export function iosVersion(userAgent: string, maxTouchPoints = 0): Version | null {
  let match: RegExpMatchArray | null = null;
  if (/iPhone|iPad|iPod/.test(userAgent)) match = userAgent.match(/OS (\d+)_(\d+)(?:_(\d+))?/);
  // iPadOS 13+ says "Macintosh"; its Safari version follows the OS version.
  else if (/Macintosh/.test(userAgent) && maxTouchPoints > 1) {
    match = userAgent.match(/Version\/(\d+)\.(\d+)(?:\.(\d+))?/);
  }
  if (!match) return null;
  return [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
}

export const IOS_MINIMUM: Version = [15, 6, 1];

/** iOS before 15.6.1 stops playing the next track in the background: those users are asked to upgrade. */
export function needsIosUpgrade(version: Version | null): boolean {
  if (!version) return false;
  for (let index = 0; index < 3; index++) {
    const a = version[index] ?? 0;
    const b = IOS_MINIMUM[index] ?? 0;
    if (a !== b) return a < b;
  }
  return false;
}
