import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './context.js';
import { registerCurrentUser } from './http/plugins/current-user.plugin.js';
import { registerErrorHandling } from './http/plugins/errors.plugin.js';
import { registerCoverRoutes } from './http/routes/cover.routes.js';
import { registerLabelRoutes } from './http/routes/labels.routes.js';
import { registerMediaRoutes } from './http/routes/media.routes.js';
import { registerScanRoutes } from './http/routes/scan.routes.js';
import { registerSystemRoutes } from './http/routes/system.routes.js';
import { registerWorksRoutes } from './http/routes/works.routes.js';
import { requestSerializers } from './logger.js';

export type App = FastifyInstance;

/** Registers plugins and routes on a new Fastify instance; tests call it directly and use `inject()`. */
export async function buildApp(ctx: AppContext): Promise<App> {
  const app = Fastify({
    loggerInstance: ctx.logger.child({}, { serializers: requestSerializers }) as FastifyBaseLogger,
    bodyLimit: 64 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1000 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.addHook('onSend', async (_request, reply) => {
    reply.header('Referrer-Policy', 'no-referrer');
  });
  await registerErrorHandling(app);
  await registerCurrentUser(app, ctx);

  await app.register(
    async (api) => {
      await registerSystemRoutes(api, ctx);
      await registerWorksRoutes(api, ctx);
      await registerLabelRoutes(api, ctx);
      await registerCoverRoutes(api, ctx);
      await registerMediaRoutes(api, ctx);
      await registerScanRoutes(api, ctx);
    },
    { prefix: '/api' },
  );
  return app;
}
