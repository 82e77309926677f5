import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * An answer every client gets alike, encoded once: its JSON text, that text gzipped and brotli-compressed,
 * and a weak ETag of the text (weak: the three encodings are one representation). The tag is a hash of
 * the content, so every process of a multi-server install gives the same answer the same tag.
 */
export interface EncodedAnswer {
  json: string;
  gzip: Buffer;
  br: Buffer;
  etag: string;
}

/**
 * Compresses in libuv's thread pool, so a big label list (30,000 circles is about 1.5 MB of JSON) never
 * holds up other requests while it is encoded. Levels: gzip 6 and brotli 6 cost about the same on such
 * lists (50-70 ms together, once per catalogue version) and brotli 6 is about half gzip's size; brotli's
 * top quality takes seconds for a few per cent more.
 */
export async function encodeAnswer(json: string): Promise<EncodedAnswer> {
  const bytes = Buffer.from(json);
  const [gzipped, br] = await Promise.all([
    gzipAsync(bytes, { level: 6 }),
    brotliAsync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 6,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  ]);
  const hash = createHash('sha256').update(bytes).digest('base64url').slice(0, 27);
  return { json, gzip: gzipped, br, etag: `W/"${hash}"` };
}
