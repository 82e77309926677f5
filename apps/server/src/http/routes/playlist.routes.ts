import {
  CreatePlaylistBody,
  EditPlaylistBody,
  MoveWorkBody,
  Playlist,
  PlaylistDeleted,
  PlaylistIdBody,
  PlaylistIdQuery,
  PlaylistLikeStatus,
  PlaylistMetadata,
  PlaylistsEnvelope,
  PlaylistsQuery,
  PlaylistWorksBody,
  PlaylistWorksEnvelope,
  PlaylistWorksQuery,
  parseWorkId,
  WorkExistStatusQuery,
} from '@sasayaki/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { Invalid } from '../../errors.js';
import { userOf } from './review.routes.js';
import { noStore } from './works.routes.js';

/**
 * `/api/playlist/…` as asmr.one's apps call it (reference section 7; docs/clients.md "Playlists"). Every
 * answer depends on who asks, so none is stored by caches.
 */
export async function registerPlaylistRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // A scope of their own, so the no-store hook covers these routes only.
  await app.register(async (scope) => playlistRoutes(scope, ctx));
}

async function playlistRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['playlists'];
  const playlists = ctx.playlists;
  api.addHook('onRequest', async (_request, reply) => {
    noStore(reply);
  });

  api.get(
    '/playlist/get-playlists',
    { schema: { tags, querystring: PlaylistsQuery, response: { 200: PlaylistsEnvelope } } },
    async (request) => playlists.list(userOf(request), request.query.filterBy ?? 'all', request.query),
  );
  api.get(
    '/playlist/get-default-mark-target-playlist',
    { schema: { tags, response: { 200: Playlist } } },
    async (request) => playlists.markTarget(userOf(request)),
  );
  api.get(
    '/playlist/get-playlist-metadata',
    { schema: { tags, querystring: PlaylistIdQuery, response: { 200: PlaylistMetadata } } },
    async (request) => ({ ...(await playlists.metadata(userOf(request), request.query.id)), works: null }),
  );
  api.get(
    '/playlist/get-playlist-works',
    { schema: { tags, querystring: PlaylistWorksQuery, response: { 200: PlaylistWorksEnvelope } } },
    async (request) => playlists.works(userOf(request), request.query.id, request.query),
  );
  api.get(
    '/playlist/get-work-exist-status-in-my-playlists',
    { schema: { tags, querystring: WorkExistStatusQuery, response: { 200: PlaylistsEnvelope } } },
    async (request) => {
      const { workID, workId, id } = request.query;
      const given = workID ?? workId ?? id;
      const work = given === undefined ? null : parseWorkId(given);
      if (work === null) {
        throw new Invalid('workID must be a work id', [
          { param: 'workID', location: 'query', msg: 'must be a work id such as RJ123456', value: given },
        ]);
      }
      return playlists.withWork(userOf(request), work, request.query);
    },
  );
  api.get(
    '/playlist/get-liked-status',
    { schema: { tags, querystring: PlaylistIdQuery, response: { 200: PlaylistLikeStatus } } },
    async (request) => playlists.likedStatus(userOf(request), request.query.id),
  );

  api.post(
    '/playlist/create-playlist',
    { schema: { tags, body: CreatePlaylistBody, response: { 200: Playlist } } },
    async (request) => playlists.create(userOf(request), request.body),
  );
  api.post(
    '/playlist/edit-playlist-metadata',
    { schema: { tags, body: EditPlaylistBody, response: { 200: Playlist } } },
    async (request) => playlists.edit(userOf(request), request.body),
  );
  api.post(
    '/playlist/delete-playlist',
    { schema: { tags, body: PlaylistIdBody, response: { 200: PlaylistDeleted } } },
    async (request) => playlists.delete(userOf(request), request.body.id),
  );
  api.post(
    '/playlist/add-works-to-playlist',
    { schema: { tags, body: PlaylistWorksBody, response: { 200: Playlist } } },
    async (request) => playlists.addWorks(userOf(request), request.body.id, request.body.works),
  );
  api.post(
    '/playlist/remove-works-from-playlist',
    { schema: { tags, body: PlaylistWorksBody, response: { 200: Playlist } } },
    async (request) => playlists.removeWorks(userOf(request), request.body.id, request.body.works),
  );
  api.post(
    '/playlist/move-work',
    { schema: { tags, body: MoveWorkBody, response: { 200: Playlist } } },
    async (request) =>
      playlists.moveWork(userOf(request), request.body.id, request.body.work, request.body.after),
  );
  api.post(
    '/playlist/like-playlist',
    { schema: { tags, body: PlaylistIdBody, response: { 200: PlaylistLikeStatus } } },
    async (request) => playlists.setLiked(userOf(request), request.body.id, true),
  );
  api.post(
    '/playlist/remove-like-playlist',
    { schema: { tags, body: PlaylistIdBody, response: { 200: PlaylistLikeStatus } } },
    async (request) => playlists.setLiked(userOf(request), request.body.id, false),
  );
  api.post(
    '/playlist/record-play',
    { schema: { tags, body: PlaylistIdBody, response: { 200: Playlist } } },
    async (request) => playlists.recordPlay(userOf(request), request.body.id),
  );
}
