import {
  FeedbackInboxPage,
  FeedbackInboxQuery,
  FeedbackOpenCount,
  FeedbackSubmission,
  FeedbackUpdate,
  IntIdParam,
  MessageBody,
} from '@sasayaki/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { userOf } from './review.routes.js';
import { noStore } from './works.routes.js';

/** Feedback from listeners, and the administrators' inbox (contract section 10). */
export async function registerFeedbackRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['feedback'];

  api.post(
    '/feedback',
    { schema: { tags, body: FeedbackSubmission, response: { 201: MessageBody } } },
    async (request, reply) => {
      await ctx.feedback.send(userOf(request), request.body);
      return reply.code(201).send({ message: 'Thank you for your feedback' });
    },
  );

  api.get(
    '/admin/feedback',
    { schema: { tags, querystring: FeedbackInboxQuery, response: { 200: FeedbackInboxPage } } },
    async (request, reply) => {
      noStore(reply);
      return ctx.feedback.inbox(request.query);
    },
  );

  api.get(
    '/admin/feedback/open-count',
    { schema: { tags, response: { 200: FeedbackOpenCount } } },
    async (_request, reply) => {
      noStore(reply);
      return { open: await ctx.feedback.openCount() };
    },
  );

  api.put(
    '/admin/feedback/:id',
    {
      schema: {
        tags,
        params: z.object({ id: IntIdParam }),
        body: FeedbackUpdate,
        response: { 200: MessageBody },
      },
    },
    async (request) => {
      await ctx.feedback.setResolved(request.params.id, request.body.resolved);
      return { message: request.body.resolved ? 'Marked as resolved' : 'Marked as open' };
    },
  );
}
