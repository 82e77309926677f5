import {
  ErrorBody,
  formatWorkCode,
  MetadataFetchProgress,
  MetadataRefreshResult,
  WorkIdParam,
} from '@sasayaki/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { Conflict } from '../../errors.js';
import { noStore } from './works.routes.js';

/**
 * The DLsite fetch job (metadata/fetch-job.ts), administrators only: start and cancel it from the scanner
 * page (its progress is in `GET /api/scan` and the scan's events), and refresh one work now (its local
 * providers read again, then DLsite: services/metadata-refresh.service.ts).
 */
export async function registerMetadataFetchRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['administration'];
  const errors = { 403: ErrorBody, 409: ErrorBody };

  api.post(
    '/scan/metadata',
    { schema: { tags, response: { 202: MetadataFetchProgress, ...errors } } },
    async (_request, reply) => {
      noStore(reply);
      const progress = await ctx.metadataFetch.state();
      if (!progress.enabled) throw new Conflict('DLsite fetching is off');
      if (!(await ctx.metadataFetch.start())) throw new Conflict('The metadata fetch is already running');
      return reply.status(202).send(await ctx.metadataFetch.state());
    },
  );

  api.delete(
    '/scan/metadata',
    { schema: { tags, response: { 200: MetadataFetchProgress, ...errors } } },
    async (_request, reply) => {
      noStore(reply);
      if (!ctx.metadataFetch.cancel()) throw new Conflict('No metadata fetch is running in this process');
      await ctx.metadataFetch.idle();
      return ctx.metadataFetch.state();
    },
  );

  api.post(
    '/admin/works/:id/refresh-metadata',
    {
      schema: {
        tags,
        params: z.object({ id: WorkIdParam }),
        response: { 200: MetadataRefreshResult, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const { id } = request.params;
      const { status, message } = await ctx.metadataRefresh.refresh(id);
      return { id, source_id: formatWorkCode(id), status, message };
    },
  );
}
