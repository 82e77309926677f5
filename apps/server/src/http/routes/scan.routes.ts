import { ErrorBody, ScanStart, ScanState } from '@sasayaki/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { eventStream } from './scan-events.js';

/** Contract section 10; administrators only, as http/permissions.ts says. */
export async function registerScanRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['administration'];
  const errors = { 403: ErrorBody, 409: ErrorBody };

  const openStreams = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const end of [...openStreams]) end();
  });

  // Scoped to these routes: the state is live, never to be cached.
  api.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.url?.startsWith('/api/scan')) reply.header('Cache-Control', 'private, no-store');
  });

  // The scan's state with the metadata fetch that follows it, one view for the scanner page.
  const state = async (): Promise<ScanState> => ({
    ...(await ctx.scans.state()),
    metadata: await ctx.metadataFetch.state(),
  });

  api.get('/scan', { schema: { tags, response: { 200: ScanState, 403: ErrorBody } } }, state);

  api.post(
    '/scan',
    {
      schema: { tags, body: ScanStart.optional(), response: { 202: ScanState, ...errors } },
    },
    async (request, reply) => {
      const state = await ctx.scans.start(request.body?.mode ?? 'incremental');
      return reply.status(202).send(state);
    },
  );

  api.delete('/scan', { schema: { tags, response: { 200: ScanState, ...errors } } }, async () =>
    ctx.scans.cancel(),
  );

  api.get('/scan/events', { schema: { tags } }, async (request, reply) => {
    eventStream(request, reply, state, openStreams);
  });
}
