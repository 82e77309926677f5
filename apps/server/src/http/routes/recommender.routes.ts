import { Envelope, ItemNeighborsBody, RecommenderBody, RecommendForUserBody } from '@sasayaki/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { withPlaylistStatus } from './catalogue-page.js';
import { userOf } from './review.routes.js';
import { noStore } from './works.routes.js';

/** `/api/recommender/*` (reference section 6): lists of at most 100 works in the usual envelope. */
export async function registerRecommenderRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['recommender'];
  const response = { 200: Envelope };
  // `withPlaylistStatus: [ids]` in the body: each work's playlistStatus, as on the works lists.
  const statusOf = (userId: number | null, body: RecommenderBody, envelope: Envelope) =>
    withPlaylistStatus(ctx.playlists, userId, envelope, body.withPlaylistStatus ?? []);

  api.post(
    '/recommender/popular',
    { schema: { tags, body: RecommenderBody, response } },
    async (request, reply) => {
      noStore(reply);
      const userId = request.user?.id ?? null;
      return statusOf(userId, request.body, await ctx.recommender.popular(request.body, userId));
    },
  );

  api.post(
    '/recommender/recommend-for-user',
    { schema: { tags, body: RecommendForUserBody, response } },
    async (request, reply) => {
      noStore(reply);
      const userId = userOf(request).id;
      return statusOf(userId, request.body, await ctx.recommender.recommendForUser(request.body, userId));
    },
  );

  api.post(
    '/recommender/item-neighbors',
    { schema: { tags, body: ItemNeighborsBody, response } },
    async (request, reply) => {
      noStore(reply);
      const userId = request.user?.id ?? null;
      const works = await ctx.recommender.itemNeighbors(request.body, request.body.itemId, userId);
      return statusOf(userId, request.body, works);
    },
  );
}
