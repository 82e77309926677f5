import { describe, expect, it } from 'vitest';
import {
  iosVersion,
  needsIosUpgrade,
  versionDecision,
  withoutLastSegment,
} from '../../src/features/notices/rules';

describe('version notice', () => {
  it('compares versions without their last segment', () => {
    expect(withoutLastSegment('1.1.3')).toBe('1.1');
    expect(withoutLastSegment('2.0')).toBe('2');
    expect(withoutLastSegment('7')).toBe('7');
    expect(versionDecision('1.1.4', '1.1.3')).toBe('store');
    expect(versionDecision('1.2.0', '1.1.3')).toBe('notify');
    expect(versionDecision('2.0.0', '1.9.9')).toBe('notify');
    expect(versionDecision('1.1.3', '1.1.3')).toBe('none');
  });

  it('stores silently on the first visit', () => {
    expect(versionDecision('1.1.3', null)).toBe('store');
    expect(versionDecision('1.1.3', '')).toBe('store');
  });
});

describe('iOS notice', () => {
  const iphone = (v: string) =>
    `Mozilla/5.0 (iPhone; CPU iPhone OS ${v} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148`;
  it('reads iPhone and iPad versions from the user agent', () => {
    expect(iosVersion(iphone('15_5'))).toEqual([15, 5, 0]);
    expect(iosVersion(iphone('15_6_1'))).toEqual([15, 6, 1]);
    const ipadOs =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/15.4 Safari/605.1.15';
    expect(iosVersion(ipadOs, 5)).toEqual([15, 4, 0]);
    expect(iosVersion(ipadOs, 0)).toBeNull();
    expect(iosVersion('Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0')).toBeNull();
  });

  it('asks for iOS 15.6.1 or later', () => {
    expect(needsIosUpgrade([15, 5, 0])).toBe(true);
    expect(needsIosUpgrade([15, 6, 0])).toBe(true);
    expect(needsIosUpgrade([14, 8, 1])).toBe(true);
    expect(needsIosUpgrade([15, 6, 1])).toBe(false);
    expect(needsIosUpgrade([16, 0, 0])).toBe(false);
    expect(needsIosUpgrade(null)).toBe(false);
  });
});
