import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

const MIN_BYTES = 1024;

/** True when the client takes gzip (`Accept-Encoding: gzip`, not `gzip;q=0`). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * gzip for JSON answers, in one synchronous call at level 1. Pages of works are 10-20 KB of repetitive
 * JSON: level 1 shrinks them about as well as the default level at a third of the CPU, and a streaming
 * compressor's machinery cost more than the compression itself. Media and covers keep exact bytes and
 * lengths for ranges; they are never compressed.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' || payload.length < MIN_BYTES) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    const vary = reply.getHeader('vary');
    reply.header('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    if (!acceptsGzip(request.headers['accept-encoding'])) return payload;
    reply.header('Content-Encoding', 'gzip');
    reply.removeHeader('content-length');
    return gzipSync(payload, { level: 1 });
  });
}
