import { brotliDecompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { brotliTwin } from '../../src/app/brotli-files-plugin';

/** The build's brotli twins, which the server sends to browsers that take brotli (issue 14's phone budget). */
describe('brotli twins of the build', () => {
  it('are the same bytes, smaller than the best gzip', async () => {
    const script = Buffer.from(
      Array.from(
        { length: 400 },
        (_, i) => `export function track${i}(a){return a+${i}*"耳かき".length}`,
      ).join('\n'),
    );
    const twin = await brotliTwin(script);
    expect(twin && brotliDecompressSync(twin).equals(script)).toBe(true);
    expect(twin?.byteLength).toBeLessThan(gzipSync(script, { level: 9 }).byteLength);
  });

  it('are not made for files too small to gain', async () => {
    expect(await brotliTwin(Buffer.from('console.log(1)'))).toBeUndefined();
  });
});
