import {
  AttachTagsBody,
  AttachTagsResult,
  ErrorBody,
  TagVoteBody,
  TagVoteResult,
} from '@sasayaki/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { userOf } from './review.routes.js';
import { noStore } from './works.routes.js';

/**
 * `/api/vote/…` as asmr.one's apps call it (reference section 8; docs/clients.md "Tag votes"): members
 * only. asmr.one refuses accounts without an e-mail (`vote.mustBindEmailFirst`); Sasayaki keeps no
 * e-mail addresses, so every member may vote.
 */
export async function registerTagVoteRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['tag votes'];
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

  api.post(
    '/vote/vote-work-tag',
    { schema: { tags, body: TagVoteBody, response: { 200: TagVoteResult, ...errors } } },
    async (request, reply) => {
      noStore(reply);
      const { workID, tagID, status } = request.body;
      return ctx.tagVotes.vote(userOf(request).id, workID, tagID, status);
    },
  );

  api.post(
    '/vote/attach-tags-to-work',
    { schema: { tags, body: AttachTagsBody, response: { 200: AttachTagsResult, ...errors } } },
    async (request, reply) => {
      noStore(reply);
      return ctx.tagVotes.attach(userOf(request).id, request.body.workID, request.body.tagIDs);
    },
  );
}
