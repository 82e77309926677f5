import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { SERVER_VERSION } from '../../version.js';

/**
 * The OpenAPI document is generated from the same zod schemas that validate requests (design 4.2). It is
 * served at `/api/docs` and committed as `apps/server/openapi.json`; a test fails when they drift.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
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

/** `GET /api/docs`: the document itself (JSON), for tools and curious users. */
export async function registerOpenApiRoute(app: FastifyInstance): Promise<void> {
  app.get('/docs', { schema: { hide: true } }, async () => app.swagger());
}
