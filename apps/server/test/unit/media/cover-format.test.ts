import { describe, expect, it } from 'vitest';
import { coverFormatFor } from '../../../src/media/cover-format.js';

describe('coverFormatFor', () => {
  it.each([
    ['image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8', 'webp'],
    ['image/webp,*/*', 'webp'],
    ['image/webp', 'webp'],
    ['image/webp;q=0.5,image/jpeg', 'jpeg'],
    ['image/webp;q=0', 'jpeg'],
    ['image/jpeg,image/png', 'jpeg'],
    ['*/*', 'jpeg'],
    ['', 'jpeg'],
    [undefined, 'jpeg'],
    ['image/webp;q=abc', 'jpeg'],
  ])('%j gives %s', (accept, format) => {
    expect(coverFormatFor(accept)).toBe(format);
  });
});
