import { read } from 'node:fs';
import { promisify } from 'node:util';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RangeNotSatisfiable } from '../errors.js';
import { parseByteRange } from './byte-range.js';
import { etagOf, isNotModified, rangeStillApplies, type Validators } from './conditional-request.js';
import { attachmentDisposition } from './content-disposition.js';
import type { ContentTypeSpec } from './content-type.js';
import { FileBody } from './file-body.js';
import { OpenFiles } from './open-files.js';
import { CHARSET_SAMPLE_BYTES } from './text-charset.js';

export interface SendFileOptions {
  /** Absolute path, as built by the server (never taken from a request); a Buffer for non-UTF-8 names. */
  path: string | Buffer;
  /**
   * The folder the file must really lie inside when it is opened (its library folder, the cover store,
   * the transcode cache, the web app): a link swapped in that leads elsewhere is a 404 (library-file.ts).
   */
  root: string;
  contentType: ContentTypeSpec;
  /** When set, the file is sent as an attachment under this name. */
  downloadName?: string;
  cacheControl?: string;
}

const readFile = promisify(read);

/** One set of shared descriptors for every file the process sends. */
const openFiles = new OpenFiles();

async function resolveContentType(spec: ContentTypeSpec, fd: number, size: number): Promise<string> {
  if (typeof spec === 'string') return spec;
  const length = Math.min(size, CHARSET_SAMPLE_BYTES);
  const { buffer, bytesRead } = await readFile(fd, Buffer.alloc(length), 0, length, 0);
  return spec(buffer.subarray(0, bytesRead), size > bytesRead);
}

/**
 * The one way the server sends a file (design habit 6): regular files only (anything else is a 404),
 * validators and conditional requests (304), one byte range (206, or 416 with `Content-Range: bytes
 * *\/size`), HEAD without a body, and a body read from the descriptor that was checked (`file-body.ts`),
 * so the file cannot be swapped between the check and the read. Descriptors are shared between requests
 * (`open-files.ts`); each request releases its hold when its body closes or when it sends none.
 */
export async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  options: SendFileOptions,
): Promise<FastifyReply> {
  const file = await openFiles.acquire(options.path, options.root);
  const { fd, stats } = file;
  let handedOver = false;
  try {
    const { size } = stats;
    const validators: Validators = { etag: etagOf(size, stats.mtimeMs), mtimeMs: stats.mtimeMs };
    reply.header('Accept-Ranges', 'bytes');
    reply.header('ETag', validators.etag);
    reply.header('Last-Modified', stats.mtime.toUTCString());
    if (options.cacheControl) reply.header('Cache-Control', options.cacheControl);
    if (isNotModified(request.headers, validators)) return reply.code(304).send();

    const range = rangeStillApplies(request.headers, validators)
      ? parseByteRange(request.headers.range, size)
      : ({ kind: 'full' } as const);
    if (range.kind === 'unsatisfiable') throw new RangeNotSatisfiable(size);
    const start = range.kind === 'partial' ? range.start : 0;
    const end = range.kind === 'partial' ? range.end : size - 1;

    reply.type(await resolveContentType(options.contentType, fd, size));
    reply.header('X-Content-Type-Options', 'nosniff');
    if (options.downloadName !== undefined)
      reply.header('Content-Disposition', attachmentDisposition(options.downloadName));
    if (range.kind === 'partial') reply.code(206).header('Content-Range', `bytes ${start}-${end}/${size}`);
    reply.header('Content-Length', String(end - start + 1));
    if (request.method === 'HEAD') return reply.send();
    if (size === 0) return reply.send(Buffer.alloc(0));

    const body = new FileBody(fd, start, end);
    body.once('close', file.release);
    handedOver = true;
    return reply.send(body);
  } finally {
    if (!handedOver) file.release();
  }
}
