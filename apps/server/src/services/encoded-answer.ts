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
 * Compresses in libuv's thread pool, so a big label list (30,000 circles is about 1.3 MB of JSON) never
 * holds up other requests while it is encoded. Levels, measured on the bench's 100,000-work lists: gzip 6
 * and brotli 5 take about as long as each other (the two run at once); brotli 6 took three times as long
 * on the 15,000 voice actors (their UUIDs barely compress) for a smaller file by 1%, and its top quality
 * takes seconds. Either may come out smaller: `send-encoded-answer.ts` sends the smaller one.
 */
export async function encodeAnswer(json: string): Promise<EncodedAnswer> {
  const bytes = Buffer.from(json);
  const [gzipped, br] = await Promise.all([
    gzipAsync(bytes, { level: 6 }),
    brotliAsync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  ]);
  const hash = createHash('sha256').update(bytes).digest('base64url').slice(0, 27);
  return { json, gzip: gzipped, br, etag: `W/"${hash}"` };
}
