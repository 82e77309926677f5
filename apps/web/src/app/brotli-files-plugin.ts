/**
 * Build-time only (imported by vite.config.ts, never by the app): writes a brotli twin (`name.br`, quality
 * 11) beside each text file of the build, which the server sends to browsers that take brotli
 * (`apps/server/src/http/web-files.ts`). Quality 11 is too slow to run per request but costs nothing
 * here, and its output is 15-20% smaller than the server's gzip on the app's scripts and stylesheets:
 * bytes that a phone on a slow network waits for before the first paint.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import type { Plugin } from 'vite';

const compress = promisify(brotliCompress);

/** The files worth compressing; images and fonts are compressed already. */
const TEXT_FILE = /\.(?:html|js|mjs|css|json|webmanifest|svg|txt)$/i;

/** Below this size the saved bytes do not pay for a second file. */
const MIN_BYTES = 1024;

/** The brotli bytes of `source`, or undefined when they would not be smaller. */
export async function brotliTwin(source: Uint8Array): Promise<Buffer | undefined> {
  if (source.byteLength < MIN_BYTES) return undefined;
  const compressed = await compress(source, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: source.byteLength,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
  return compressed.byteLength < source.byteLength ? compressed : undefined;
}

export function brotliFilesPlugin(): Plugin {
  return {
    name: 'sasayaki-brotli-files',
    apply: 'build',
    // Once the bundle is on disk, from the bytes written there, so each twin is newer than its file (the
    // server's freshness check) and equal to it.
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      await Promise.all(
        Object.keys(bundle)
          .filter((fileName) => TEXT_FILE.test(fileName))
          .map(async (fileName) => {
            const path = join(outDir, fileName);
            const twin = await brotliTwin(await readFile(path));
            if (twin) await writeFile(`${path}.br`, twin);
          }),
      );
    },
  };
}
