import {
  ErrorBody,
  IntIdParam,
  ScanHistory,
  ScanHistoryQuery,
  ScanStart,
  ScanState,
} from '@sasayaki/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { eventStream } from './scan-events.js';

/** Scans on a page of the history unless the request asks for another size. */
const HISTORY_PAGE_SIZE = 20;

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

  // The scan's state with the metadata fetch that follows it and the library folders not mounted, one view
  // for the scanner page (administrators only: the few statements it costs are not on a listener's path).
  const state = async (): Promise<ScanState> => ({
    ...(await ctx.scans.state()),
    metadata: await ctx.metadataFetch.state(),
    unavailableRoots: await ctx.scans.unavailableRoots(),
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

  api.get(
    '/scan/history',
    {
      schema: {
        tags,
        querystring: ScanHistoryQuery,
        response: { 200: ScanHistory, 400: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) =>
      ctx.scans.history(request.query.page ?? 1, request.query.pageSize ?? HISTORY_PAGE_SIZE),
  );

  api.get(
    '/scan/history/:id',
    {
      schema: {
        tags,
        params: z.object({ id: IntIdParam }),
        response: { 200: ScanState, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => ctx.scans.historyEntry(request.params.id),
  );

  api.get('/scan/events', { schema: { tags } }, async (request, reply) => {
    eventStream(request, reply, state, openStreams);
  });
}
