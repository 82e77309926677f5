import { CheckLrcV2Answer, CheckLrcV2Body } from '@sasayaki/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { noStore } from './works.routes.js';

/** `POST /api/media/check-lrc-v2` (reference section 9): subtitle candidates across variants and editions. */
export async function registerSubtitleCandidateRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/media/check-lrc-v2',
    { schema: { tags: ['media'], body: CheckLrcV2Body, response: { 200: CheckLrcV2Answer } } },
    async (request, reply) => {
      noStore(reply);
      const { intProductID, mediaFileName, mediaDuration } = request.body;
      return ctx.subtitleCandidates.candidates(intProductID, mediaFileName, mediaDuration);
    },
  );
}
