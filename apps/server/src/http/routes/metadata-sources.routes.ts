import { WorkIdParam, WorkMetadataSources } from '@sasayaki/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { noStore } from './works.routes.js';

/** Where each field of a work came from, administrators only (issue 12 item 1; docs/metadata.md). */
export async function registerMetadataSourcesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/admin/works/:id/metadata-sources',
    {
      schema: {
        tags: ['administration'],
        params: z.object({ id: WorkIdParam }),
        response: { 200: WorkMetadataSources },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return ctx.metadata.sources(request.params.id);
    },
  );
}
