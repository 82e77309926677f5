import { LocalWorkBody, WorkCodeAnswer, WorkCodeBody, WorkIdParam } from '@sasayaki/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';

/** Works without a code and new codes (docs/metadata.md, "Works without a code"); administrators only. */
export async function registerWorkCodeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  api.post(
    '/admin/works/local',
    { schema: { tags, body: LocalWorkBody, response: { 201: WorkCodeAnswer } } },
    async (request, reply) => reply.code(201).send(await ctx.workCodes.markFolder(request.body.path)),
  );

  api.put(
    '/admin/works/:id/code',
    {
      schema: {
        tags,
        params: z.object({ id: WorkIdParam }),
        body: WorkCodeBody,
        response: { 200: WorkCodeAnswer },
      },
    },
    async (request) => ctx.workCodes.changeCode(request.params.id, request.body.code),
  );
}
