import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatDuration, formatPrice, formatSize } from '../../src/lib/format';

describe('formatDuration (spec section 9)', () => {
  it('is MM:SS below an hour and HH:MM:SS from an hour, zero padded', () => {
    expect(formatDuration(0)).toBe('00:00');
    expect(formatDuration(5)).toBe('00:05');
    expect(formatDuration(65)).toBe('01:05');
    expect(formatDuration(599.9)).toBe('09:59');
    expect(formatDuration(3599)).toBe('59:59');
    expect(formatDuration(3600)).toBe('01:00:00');
    expect(formatDuration(3725)).toBe('01:02:05');
    expect(formatDuration(36000 + 61)).toBe('10:01:01');
  });

  it('treats missing and bad values as zero', () => {
    expect(formatDuration(undefined)).toBe('00:00');
    expect(formatDuration(null)).toBe('00:00');
    expect(formatDuration(-3)).toBe('00:00');
    expect(formatDuration(Number.NaN)).toBe('00:00');
  });
});

describe('other formats', () => {
  it('sizes, prices and dates', () => {
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(formatPrice(1320)).toBe('￥1,320');
    expect(formatPrice(990)).toBe('￥990');
    expect(formatPrice(1234567.4)).toBe('￥1,234,567');
    expect(formatCount(5000)).toBe('5,000');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(null)).toBe('0');
    expect(formatCount(-12345)).toBe('-12,345');
    expect(formatPrice(null)).toBe('');
    expect(formatDate('2021-05-01')).toBe('2021-05-01');
    expect(formatDate(null)).toBe('');
  });
});
