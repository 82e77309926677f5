import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type FieldIssue, Invalid } from '../../errors.js';

type Location = FieldIssue['location'];

function locationOf(context: string | undefined): Location {
  if (context === 'querystring') return 'query';
  if (context === 'params' || context === 'body' || context === 'headers') return context;
  return 'body';
}

/** Finds the offending value at a path in the request part, for the `errors[].value` field. */
function valueAt(source: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let value = source;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** How deep and how long an offending value may be to be echoed back in `errors[].value`. */
const ECHO_MAX_DEPTH = 8;
const ECHO_MAX_CHARS = 2_000;

/** Whether `value` nests deeper than `depth` levels (looks no further than that). */
function nestsDeeperThan(value: unknown, depth: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (depth === 0) return true;
  return Object.values(value).some((inner) => nestsDeeperThan(inner, depth - 1));
}

/**
 * The offending value as the error echoes it, or nothing when it is too deep or too long to send back:
 * a body of thousands of nested arrays is valid JSON, but encoding it again overflowed the stack and
 * turned a 400 into a 500 (fuzz suite).
 */
function echoable(value: unknown): unknown {
  if (nestsDeeperThan(value, ECHO_MAX_DEPTH)) return undefined;
  if (typeof value === 'string') return value.length > ECHO_MAX_CHARS ? undefined : value;
  if (value !== null && typeof value === 'object' && JSON.stringify(value).length > ECHO_MAX_CHARS)
    return undefined;
  return value;
}

/** One place turns every error into the contract's JSON (contract section 1). */
export async function registerErrorHandling(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const location = locationOf(error.validationContext);
      const source =
        location === 'query' ? request.query : location === 'params' ? request.params : request.body;
      const errors: FieldIssue[] = error.validation.map((issue) => {
        const path = issue.instancePath.split('/').filter(Boolean);
        return {
          param: path.join('.') || '(root)',
          location,
          msg: issue.message ?? 'invalid',
          value: echoable(valueAt(source, path)),
        };
      });
      const first = errors[0];
      return reply
        .status(400)
        .send({ error: first ? `Invalid ${first.param}: ${first.msg}` : 'Invalid request', errors });
    }
    if (error instanceof Invalid) {
      return reply
        .status(400)
        .send(
          error.errors.length ? { error: error.message, errors: error.errors } : { error: error.message },
        );
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).headers(error.headers).send({ error: error.message });
    }
    // Fastify's own client errors (bad JSON, body too large, unsupported media type) keep their status.
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 429 && error.message) return reply.status(429).send({ error: error.message });
      return reply.status(status).send({ error: error.message || 'Bad request' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: 'Internal server error' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ error: `No route ${request.method} ${request.url.split('?')[0]}` });
  });
}
