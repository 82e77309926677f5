import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

const MIN_BYTES = 1024;

/** True when the client takes `coding` (`Accept-Encoding: gzip, br`, not `br;q=0`; `*` takes any). */
export function acceptsEncoding(header: string | undefined, coding: 'gzip' | 'br'): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== coding && name !== '*') return false;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** True when the client takes gzip (`Accept-Encoding: gzip`, not `gzip;q=0`). */
export function acceptsGzip(header: string | undefined): boolean {
  return acceptsEncoding(header, 'gzip');
}

/** Marks an answer as depending on `Accept-Encoding`, once. */
export function varyOnAcceptEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('Vary', 'Accept-Encoding');
  else if (!/\baccept-encoding\b/i.test(String(vary))) reply.header('Vary', `${vary}, Accept-Encoding`);
}

/**
 * gzip for JSON answers, in one synchronous call at level 1. Pages of works are 10-20 KB of repetitive
 * JSON: level 1 shrinks them about as well as the default level at a third of the CPU, and a streaming
 * compressor's machinery cost more than the compression itself. Media and covers keep exact bytes and
 * lengths for ranges; they are never compressed.
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' || payload.length < MIN_BYTES) return done(null, payload);
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) {
      return done(null, payload);
    }
    varyOnAcceptEncoding(reply);
    if (!acceptsGzip(request.headers['accept-encoding'])) return done(null, payload);
    reply.header('Content-Encoding', 'gzip');
    reply.removeHeader('content-length');
    done(null, gzipSync(payload, { level: 1 }));
  });
}
