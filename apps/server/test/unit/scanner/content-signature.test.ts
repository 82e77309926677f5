import { describe, expect, it } from 'vitest';
import { contentSignature } from '../../../src/scanner/content-signature.js';

const file = (text: string, size = 1, mtimeMs = 1000, raw: string | null = null) => ({
  path: { text, raw },
  size,
  mtimeMs,
});

describe('contentSignature', () => {
  it('is stable for the same list', () => {
    expect(contentSignature([file('a'), file('b/c')])).toBe(contentSignature([file('a'), file('b/c')]));
  });

  it('changes with a path, a size, a time, an added or removed file', () => {
    const base = contentSignature([file('a'), file('b')]);
    expect(contentSignature([file('a'), file('c')])).not.toBe(base);
    expect(contentSignature([file('a', 2), file('b')])).not.toBe(base);
    expect(contentSignature([file('a', 1, 1001), file('b')])).not.toBe(base);
    expect(contentSignature([file('a')])).not.toBe(base);
    expect(contentSignature([file('a'), file('b'), file('c')])).not.toBe(base);
  });

  it('tells apart names that only differ in their raw bytes', () => {
    expect(contentSignature([file('x\uFFFD', 1, 1, 'eP8=')])).not.toBe(
      contentSignature([file('x\uFFFD', 1, 1, 'eP4=')]),
    );
  });

  it('does not confuse field boundaries', () => {
    expect(contentSignature([file('a', 11, 1)])).not.toBe(contentSignature([file('a1', 1, 1)]));
  });
});
