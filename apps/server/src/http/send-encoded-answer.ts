import type { FastifyReply, FastifyRequest } from 'fastify';
import { ifNoneMatchHolds } from '../media/conditional-request.js';
import type { EncodedAnswer } from '../services/encoded-answer.js';
import { acceptsEncoding, varyOnAcceptEncoding } from './plugins/compression.plugin.js';

/**
 * Sends an answer encoded once (services/encoded-answer.ts): 304 when the client's `If-None-Match` holds
 * its ETag, else its brotli or gzip bytes as `Accept-Encoding` allows (the smaller when it takes both),
 * else the plain JSON. Nothing is serialized or compressed per request.
 */
export function sendEncodedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: EncodedAnswer,
): FastifyReply {
  reply.type('application/json; charset=utf-8');
  reply.header('ETag', answer.etag);
  varyOnAcceptEncoding(reply);
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined && ifNoneMatchHolds(ifNoneMatch, answer.etag)) return reply.code(304).send();
  const accepted = request.headers['accept-encoding'];
  const gzip = acceptsEncoding(accepted, 'gzip');
  if (acceptsEncoding(accepted, 'br') && (!gzip || answer.br.length <= answer.gzip.length)) {
    return reply.header('Content-Encoding', 'br').send(answer.br);
  }
  if (gzip) return reply.header('Content-Encoding', 'gzip').send(answer.gzip);
  return reply.send(answer.json);
}
