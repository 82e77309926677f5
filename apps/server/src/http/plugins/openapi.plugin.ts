import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { SERVER_VERSION } from '../../version.js';

/** The committed OpenAPI document: `apps/server/openapi.json`. */
export const OPENAPI_FILE = new URL('../../../openapi.json', import.meta.url);

/**
 * The OpenAPI document is generated from the same zod schemas that validate requests (design 4.2), by
 * `npm run openapi` (tools/openapi-document.ts), which builds the app with this plugin. The document is
 * committed as `apps/server/openapi.json` and a test fails when it drifts from the code, so the server
 * itself only serves that file and never loads the generator (a tenth of its start-up).
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const { default: swagger } = await import('@fastify/swagger');
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Sasayaki API',
        version: SERVER_VERSION,
        description: 'The kikoeru-compatible HTTP API of Sasayaki. See shared/api-contract.md for the rules.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
}

/** `GET /api/docs`: the committed document, for tools and curious users. */
export async function registerOpenApiRoute(app: FastifyInstance): Promise<void> {
  let document: Promise<string> | undefined;
  app.get('/docs', { schema: { hide: true } }, async (_request, reply) => {
    document ??= readFile(OPENAPI_FILE, 'utf8');
    return reply
      .type('application/json; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(await document);
  });
}
