import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app from `/`, with the single-page-app fallback: any GET outside `/api` that is
 * not a file answers `index.html`, so deep links such as `/work/RJ123456` load the app. Without a build
 * (`apps/web/dist`), `/` says how to get one, and the API works all the same.
 */
export async function registerWebApp(app: FastifyInstance, webDir: string): Promise<void> {
  const index = join(webDir, 'index.html');
  if (!existsSync(index)) {
    app.get('/', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .send(
          'Sasayaki is running. The API is at /api (document: /api/docs). The web app is not built here.\n',
        ),
    );
    return;
  }
  const { default: fastifyStatic } = await import('@fastify/static');
  await app.register(fastifyStatic, { root: webDir, wildcard: false, index: ['index.html'] });
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') {
      return reply.status(404).send({ error: `No route ${request.method} ${request.url.split('?')[0]}` });
    }
    // The shell must be revalidated so a new release is picked up; its hashed assets are immutable.
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
