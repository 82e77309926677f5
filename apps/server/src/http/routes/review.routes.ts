import {
  MessageBody,
  ReviewBody,
  ReviewEnvelope,
  ReviewModeQuery,
  ReviewsQuery,
  WorkIdQuery,
} from '@sasayaki/api-contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { Unauthorized } from '../../errors.js';
import type { SessionUser } from '../../services/account.service.js';
import { reviewMode } from '../../services/review.service.js';
import { noStore } from './works.routes.js';

export function userOf(request: FastifyRequest): SessionUser {
  if (!request.user) throw new Unauthorized();
  return request.user;
}

/** `/api/review`: ratings, review texts, progress and the favourites list (contract section 5). */
export async function registerReviewRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reviews'];

  api.put(
    '/review',
    { schema: { tags, querystring: ReviewModeQuery, body: ReviewBody, response: { 200: MessageBody } } },
    async (request, reply) => {
      noStore(reply);
      const mode = reviewMode(request.query.starOnly, request.query.progressOnly);
      // `user_name` in the body is ignored: always the token's user.
      return { message: await ctx.reviews.save(userOf(request).id, mode, request.body) };
    },
  );

  api.delete(
    '/review',
    { schema: { tags, querystring: WorkIdQuery, response: { 200: MessageBody } } },
    async (request, reply) => {
      noStore(reply);
      return { message: await ctx.reviews.delete(userOf(request).id, request.query.work_id) };
    },
  );

  api.get(
    '/review',
    { schema: { tags, querystring: ReviewsQuery, response: { 200: ReviewEnvelope } } },
    async (request, reply) => {
      noStore(reply);
      return ctx.reviews.list(userOf(request).id, request.query);
    },
  );
}
