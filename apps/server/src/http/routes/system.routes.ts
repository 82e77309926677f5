import { DEFAULT_SEEK_TIMES, SharedConfigBody, VersionBody } from '@sasayaki/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { SERVER_VERSION } from '../../version.js';

export async function registerSystemRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/health', { schema: { tags: ['system'] } }, async (_request, reply) => {
    try {
      await sql`SELECT 1`.execute(ctx.database.db);
    } catch {
      return reply.status(503).type('text/plain').send('Database unreachable');
    }
    return reply.type('text/plain').send('OK');
  });

  api.get(
    '/version',
    { schema: { tags: ['system'], response: { 200: VersionBody } } },
    async (_request, reply) => {
      const lockReason = await ctx.maintenance.lockReason();
      reply.header('Cache-Control', 'private, no-store');
      return {
        version: SERVER_VERSION,
        update_available: false,
        notifyUser: false,
        lockFileExists: lockReason !== null,
        lockReason,
      };
    },
  );

  // kikoeru's web app asks this on every load and shows an error notice without it. Public: the values
  // are the same for everyone, and the app may ask before anyone signs in. Sasayaki keeps each user's own
  // seek times in their browser, so the server shares the defaults its web app starts from.
  api.get(
    '/config/shared',
    { schema: { tags: ['system'], response: { 200: SharedConfigBody } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=3600');
      return { sharedConfig: { ...DEFAULT_SEEK_TIMES } };
    },
  );
}
