import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from '../../../src/media/content-disposition.js';

describe('attachmentDisposition', () => {
  it('keeps plain ASCII names in both forms', () => {
    expect(attachmentDisposition('track 01.mp3')).toBe(
      `attachment; filename="track 01.mp3"; filename*=UTF-8''track%2001.mp3`,
    );
  });

  it('encodes Japanese names with RFC 5987 and an ASCII fallback', () => {
    expect(attachmentDisposition('01_おはよう.mp3')).toBe(
      `attachment; filename="01_____.mp3"; filename*=UTF-8''01_%E3%81%8A%E3%81%AF%E3%82%88%E3%81%86.mp3`,
    );
  });

  it('escapes the characters that would break the header or RFC 5987', () => {
    const header = attachmentDisposition(`a"b\\c%d'e(f)g*h\r\nSet-Cookie: x.txt`);
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toContain(`filename="a_b_c_d'e(f)g*h__Set-Cookie: x.txt"`);
    expect(header).toContain(`filename*=UTF-8''a%22b%5Cc%25d%27e%28f%29g%2Ah%0D%0ASet-Cookie%3A%20x.txt`);
  });

  it('survives lone surrogates', () => {
    expect(attachmentDisposition('a\uD800b')).toContain(`filename*=UTF-8''a%EF%BF%BDb`);
  });
});
