import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './context.js';
import { registerAuth } from './http/plugins/auth.plugin.js';
import { registerCompression } from './http/plugins/compression.plugin.js';
import { registerCors } from './http/plugins/cors.plugin.js';
import { registerErrorHandling } from './http/plugins/errors.plugin.js';
import { registerHostCheck } from './http/plugins/host-check.plugin.js';
import { registerOpenApi, registerOpenApiRoute } from './http/plugins/openapi.plugin.js';
import { registerRequestLog } from './http/plugins/request-log.plugin.js';
import { serializerCompiler } from './http/plugins/serializer.js';
import { registerWebApp } from './http/plugins/web-app.plugin.js';
import { requestTimeouts } from './http/request-timeouts.js';
import { registerAdminRoutes } from './http/routes/admin.routes.js';
import { registerAuthRoutes } from './http/routes/auth.routes.js';
import { registerCoverRoutes } from './http/routes/cover.routes.js';
import { registerFeedbackRoutes } from './http/routes/feedback.routes.js';
import { registerLabelRoutes } from './http/routes/labels.routes.js';
import { registerMediaRoutes } from './http/routes/media.routes.js';
import { registerMetadataEditRoutes } from './http/routes/metadata-edit.routes.js';
import { registerMetadataFetchRoutes } from './http/routes/metadata-fetch.routes.js';
import { registerMetadataSourcesRoutes } from './http/routes/metadata-sources.routes.js';
import { registerPlaybackRoutes } from './http/routes/playback.routes.js';
import { registerPlaylistRoutes } from './http/routes/playlist.routes.js';
import { registerRecommenderRoutes } from './http/routes/recommender.routes.js';
import { registerReviewRoutes } from './http/routes/review.routes.js';
import { registerScanRoutes } from './http/routes/scan.routes.js';
import { registerSubtitleCandidateRoutes } from './http/routes/subtitle-candidates.routes.js';
import { registerSystemRoutes } from './http/routes/system.routes.js';
import { registerTagVoteRoutes } from './http/routes/tag-vote.routes.js';
import { registerWorkCodeRoutes } from './http/routes/work-code.routes.js';
import { registerWorksRoutes } from './http/routes/works.routes.js';
import { registerShortWorkCodes } from './http/short-work-codes.js';
import { liveTrustProxy } from './http/trust-proxy.js';
import { requestSerializers } from './logger.js';

export type App = FastifyInstance;

export interface BuildOptions {
  /**
   * Registers @fastify/swagger, which collects every route's schema into the OpenAPI document. Only the
   * generator of the committed document needs it; the server serves that file (see openapi.plugin.ts).
   */
  openApi?: boolean;
}

/** Registers plugins and routes on a new Fastify instance; tests call it directly and use `inject()`. */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<App> {
  // The zod compilers are given to Fastify up front, so it never loads ajv and fast-json-stringify,
  // a tenth of the start-up time, for schemas it would not compile.
  // Fastify types these factories for ajv's schemas; at run time any compiler of the same call shape works.
  const compilersFactory = {
    buildValidator: () => validatorCompiler,
    buildSerializer: () => serializerCompiler(ctx.config.strictResponses),
  } as unknown as NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'];
  const app = Fastify({
    loggerInstance: ctx.logger.child({}, { serializers: requestSerializers }) as FastifyBaseLogger,
    bodyLimit: 64 * 1024,
    // Fastify's two `info` lines a request buried the rest; request-log.plugin.ts writes its own.
    logController: new LogController({ disableRequestLogging: true }),
    ...requestTimeouts(ctx.config.limits.requestTimeoutMs),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1000 },
    schemaController: { compilersFactory },
    // Follows the setting as the Settings page changes it (http/trust-proxy.ts).
    trustProxy: liveTrustProxy(ctx.config),
  });

  registerRequestLog(app);
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('Referrer-Policy', 'no-referrer');
    done(null, payload);
  });
  registerCompression(app);
  await registerErrorHandling(app);
  registerHostCheck(app, ctx.config);
  registerCors(app, ctx.config);
  if (options.openApi) await registerOpenApi(app);
  await registerAuth(app, ctx);

  await app.register(
    async (api) => {
      registerShortWorkCodes(api, ctx);
      await registerOpenApiRoute(api);
      await registerSystemRoutes(api, ctx);
      await registerWorksRoutes(api, ctx);
      await registerLabelRoutes(api, ctx);
      await registerCoverRoutes(api, ctx);
      await registerMediaRoutes(api, ctx);
      await registerSubtitleCandidateRoutes(api, ctx);
      await registerAuthRoutes(api, ctx);
      await registerReviewRoutes(api, ctx);
      await registerPlaybackRoutes(api, ctx);
      await registerPlaylistRoutes(api, ctx);
      await registerRecommenderRoutes(api, ctx);
      await registerTagVoteRoutes(api, ctx);
      await registerFeedbackRoutes(api, ctx);
      await registerAdminRoutes(api, ctx);
      await registerMetadataEditRoutes(api, ctx);
      await registerMetadataSourcesRoutes(api, ctx);
      await registerScanRoutes(api, ctx);
      await registerMetadataFetchRoutes(api, ctx);
      await registerWorkCodeRoutes(api, ctx);
    },
    { prefix: '/api' },
  );
  await registerWebApp(app, ctx.config.webDir);
  return app;
}
