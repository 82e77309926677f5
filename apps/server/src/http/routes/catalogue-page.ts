import { gzipSync } from 'node:zlib';
import type { Envelope } from '@sasayaki/api-contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CataloguePage, CatalogueService } from '../../services/catalogue.service.js';
import { acceptsGzip, varyOnAcceptEncoding } from '../plugins/compression.plugin.js';

/**
 * Sends a page of works. A page that is the same for every listener is serialized and gzipped once per
 * catalogue version and then sent as those bytes: most requests of a busy library are the first pages of
 * a few lists, and encoding them was most of their cost. A page with the user's own fields is answered
 * as usual.
 */
export async function sendCataloguePage(
  request: FastifyRequest,
  reply: FastifyReply,
  catalogue: CatalogueService,
  page: CataloguePage,
): Promise<Envelope | FastifyReply> {
  if (page.sharedKey === null) return page.envelope();
  let encoded = catalogue.encodedPages.get(page.sharedKey);
  if (!encoded) {
    // The route's own serializer, so the answer is checked against its schema as any other.
    const json = reply.serialize(await page.envelope()) as string;
    encoded = { json, gzip: gzipSync(json) };
    catalogue.encodedPages.set(page.sharedKey, encoded);
  }
  reply.type('application/json; charset=utf-8');
  varyOnAcceptEncoding(reply);
  if (!acceptsGzip(request.headers['accept-encoding'])) return reply.send(encoded.json);
  return reply.header('Content-Encoding', 'gzip').send(encoded.gzip);
}
