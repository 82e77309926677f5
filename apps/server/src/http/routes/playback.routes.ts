import {
  HistoryEnvelope,
  PageQuery,
  PlaybackPosition,
  PlaybackState,
  WorkIdParam,
} from '@sasayaki/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { userOf } from './review.routes.js';
import { noStore } from './works.routes.js';

/** Resume positions and listening history (contract section 5b). */
export async function registerPlaybackRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['playback'];
  const params = z.object({ workId: WorkIdParam });

  api.put(
    '/playback/:workId',
    { schema: { tags, params, body: PlaybackPosition } },
    async (request, reply) => {
      await ctx.playback.save(userOf(request).id, request.params.workId, request.body);
      return reply.code(204).send();
    },
  );

  api.get(
    '/playback/:workId',
    { schema: { tags, params, response: { 200: PlaybackState } } },
    async (request, reply) => {
      noStore(reply);
      return ctx.playback.get(userOf(request).id, request.params.workId);
    },
  );

  api.get(
    '/playback',
    { schema: { tags, querystring: PageQuery, response: { 200: HistoryEnvelope } } },
    async (request, reply) => {
      noStore(reply);
      return ctx.playback.history(userOf(request).id, request.query);
    },
  );

  api.delete('/playback/:workId', { schema: { tags, params } }, async (request, reply) => {
    await ctx.playback.forget(userOf(request).id, request.params.workId);
    return reply.code(204).send();
  });
}
