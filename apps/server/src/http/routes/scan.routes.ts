import { ErrorBody, ScanStart, ScanState } from '@sasayaki/api-contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { Forbidden } from '../../errors.js';
import { eventStream } from './scan-events.js';

/** Contract section 10: administrators only, whatever the accounts setting. */
async function requireAdministrator(request: FastifyRequest): Promise<void> {
  if (request.user?.group !== 'administrator') throw new Forbidden('Administrators only');
}

export async function registerScanRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['administration'];
  const errors = { 403: ErrorBody, 409: ErrorBody };

  const openStreams = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const end of [...openStreams]) end();
  });

  api.addHook('onRequest', async (_request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
  });

  api.get(
    '/scan',
    { preHandler: requireAdministrator, schema: { tags, response: { 200: ScanState, 403: ErrorBody } } },
    async () => ctx.scans.state(),
  );

  api.post(
    '/scan',
    {
      preHandler: requireAdministrator,
      schema: { tags, body: ScanStart.optional(), response: { 202: ScanState, ...errors } },
    },
    async (request, reply) => {
      const state = await ctx.scans.start(request.body?.mode ?? 'incremental');
      return reply.status(202).send(state);
    },
  );

  api.delete(
    '/scan',
    { preHandler: requireAdministrator, schema: { tags, response: { 200: ScanState, ...errors } } },
    async () => ctx.scans.cancel(),
  );

  api.get('/scan/events', { preHandler: requireAdministrator, schema: { tags } }, async (request, reply) => {
    eventStream(request, reply, ctx.scans, openStreams);
  });
}
