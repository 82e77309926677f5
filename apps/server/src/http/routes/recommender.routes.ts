import { Envelope, ItemNeighborsBody, RecommenderBody, RecommendForUserBody } from '@sasayaki/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { userOf } from './review.routes.js';
import { noStore } from './works.routes.js';

/** `/api/recommender/*` (reference section 6): lists of at most 100 works in the usual envelope. */
export async function registerRecommenderRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['recommender'];
  const response = { 200: Envelope };

  api.post(
    '/recommender/popular',
    { schema: { tags, body: RecommenderBody, response } },
    async (request, reply) => {
      noStore(reply);
      return ctx.recommender.popular(request.body, request.user?.id ?? null);
    },
  );

  api.post(
    '/recommender/recommend-for-user',
    { schema: { tags, body: RecommendForUserBody, response } },
    async (request, reply) => {
      noStore(reply);
      return ctx.recommender.recommendForUser(request.body, userOf(request).id);
    },
  );

  api.post(
    '/recommender/item-neighbors',
    { schema: { tags, body: ItemNeighborsBody, response } },
    async (request, reply) => {
      noStore(reply);
      return ctx.recommender.itemNeighbors(request.body, request.body.itemId, request.user?.id ?? null);
    },
  );
}
