import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/config.js';

/** What the apps send: the bearer token, JSON bodies, ranges (players), conditional reads. */
const ALLOWED_HEADERS = 'Authorization, Content-Type, Range, If-None-Match, If-Modified-Since, If-Range';
const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, DELETE, OPTIONS';
/** What a player or a list reads from an answer besides the simple headers. */
const EXPOSED_HEADERS =
  'Content-Range, Content-Length, Accept-Ranges, ETag, Retry-After, Content-Disposition';
const PREFLIGHT_MAX_AGE_SECONDS = '600';

/**
 * CORS for the ecosystem's apps served from other origins (issue 13; docs/clients.md): pages of the
 * origins in `SASAYAKI_CORS_ORIGINS` may call the API. Preflights (an OPTIONS with
 * `Access-Control-Request-Method`) are answered here, before the permission check, since browsers send
 * them without the token; that covers the asmr.one app's OPTIONS prefetch of every stream URL too, whose
 * real OPTIONS then reaches the prefetch hint route. A page asking to reach a private address gets the
 * Private Network Access answer. No credentials: tokens travel in `Authorization` or `?token=`, never in a
 * cookie another origin could ride on. The list is the live setting (the Settings page changes it): a
 * request without `Origin` (same origin, native apps) costs one header read, and the set of origins is
 * made again only when the list changes.
 */
export function registerCors(app: FastifyInstance, config: Pick<Config, 'corsOrigins'>): void {
  let listed: readonly string[] | null = null;
  let origins: ReadonlySet<string> = new Set();
  let anyOrigin = false;
  const allows = (origin: string): boolean => {
    if (config.corsOrigins !== listed) {
      listed = config.corsOrigins;
      origins = new Set(listed);
      anyOrigin = origins.has('*');
    }
    return anyOrigin || origins.has(origin.toLowerCase());
  };
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (origin === undefined || config.corsOrigins.length === 0) return;
    reply.header('Vary', 'Origin');
    if (!allows(origin)) return;
    reply.header('Access-Control-Allow-Origin', origin);
    const preflight = request.method === 'OPTIONS' && request.headers['access-control-request-method'];
    if (!preflight) {
      reply.header('Access-Control-Expose-Headers', EXPOSED_HEADERS);
      return;
    }
    reply
      .header('Access-Control-Allow-Methods', ALLOWED_METHODS)
      .header('Access-Control-Allow-Headers', ALLOWED_HEADERS)
      .header('Access-Control-Max-Age', PREFLIGHT_MAX_AGE_SECONDS);
    if (request.headers['access-control-request-private-network'] === 'true') {
      reply.header('Access-Control-Allow-Private-Network', 'true');
    }
    return reply.code(204).send();
  });
}
