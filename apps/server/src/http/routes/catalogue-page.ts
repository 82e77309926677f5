import { gzipSync } from 'node:zlib';
import type { Envelope, WorksQuery } from '@sasayaki/api-contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { CataloguePage, CatalogueService } from '../../services/catalogue.service.js';
import type { EncodedPage } from '../../services/catalogue-cache.js';
import type { PlaylistService } from '../../services/playlist.service.js';
import { acceptsGzip, varyOnAcceptEncoding } from '../plugins/compression.plugin.js';

/**
 * Sends a page of works. A page that is the same for every listener is serialized and gzipped once per
 * catalogue version and then sent as those bytes: most requests of a busy library are the first pages of
 * a few lists, and encoding them was most of their cost. A page with the user's own fields is answered
 * as usual. A stale page (a background job moved the catalogue, CatalogueService.page) is sent as the
 * version before encoded it while its new bytes are built after the answer.
 */
async function sendCataloguePage(
  request: FastifyRequest,
  reply: FastifyReply,
  catalogue: CatalogueService,
  page: CataloguePage,
): Promise<Envelope | FastifyReply> {
  const { sharedKey } = page;
  if (sharedKey === null) return page.envelope();
  const encode = (build: () => Promise<Envelope>) => async (): Promise<EncodedPage> => {
    const envelope = await build();
    // The route's own serializer, so the answer is checked against its schema as any other (a pure
    // function of the envelope: a stale answer's rebuild calls it after this reply was sent).
    const json = reply.serialize(envelope) as string;
    return { json, gzip: gzipSync(json), workIds: envelope.works.map((work) => work.id) };
  };
  const { stale } = page;
  if (stale) catalogue.rebuildEncodedPage(sharedKey, encode(stale.sharedEnvelope));
  const encoded =
    stale?.answer ??
    catalogue.encodedPage(sharedKey) ??
    (await catalogue.keepEncodedPage(sharedKey, encode(page.envelope)));
  reply.type('application/json; charset=utf-8');
  varyOnAcceptEncoding(reply);
  if (!acceptsGzip(request.headers['accept-encoding'])) return reply.send(encoded.json);
  return reply.header('Content-Encoding', 'gzip').send(encoded.gzip);
}

/**
 * A page of a works list (works, search, a label's works), with each work's `playlistStatus` when the
 * list was asked `withPlaylistStatus[]`: such a page is the caller's own (one indexed query more), every
 * other page goes the shared way above, untouched.
 */
export async function sendWorksPage(
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: Pick<AppContext, 'catalogue' | 'playlists'>,
  page: CataloguePage,
  query: WorksQuery,
): Promise<Envelope | FastifyReply> {
  const playlistIds = playlistStatusIds(query);
  if (playlistIds.length === 0) return sendCataloguePage(request, reply, ctx.catalogue, page);
  return withPlaylistStatus(ctx.playlists, request.user?.id ?? null, await page.envelope(), playlistIds);
}

/** The playlists a list was asked about: asmr.one's `withPlaylistStatus[]`, or the name without brackets. */
function playlistStatusIds(query: WorksQuery): string[] {
  return [...new Set([...(query['withPlaylistStatus[]'] ?? []), ...(query.withPlaylistStatus ?? [])])];
}

/** Each work of the envelope with `playlistStatus: { <playlist id>: true|false }` (reference section 3). */
export async function withPlaylistStatus(
  playlists: Pick<PlaylistService, 'statusFor'>,
  userId: number | null,
  envelope: Envelope,
  playlistIds: readonly string[],
): Promise<Envelope> {
  if (playlistIds.length === 0) return envelope;
  const status = await playlists.statusFor(
    userId,
    [...new Set(playlistIds)],
    envelope.works.map((work) => work.id),
  );
  return {
    ...envelope,
    works: envelope.works.map((work) => ({ ...work, playlistStatus: status.get(work.id) ?? {} })),
  };
}
