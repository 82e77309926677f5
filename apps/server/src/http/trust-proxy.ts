import type { FastifyServerOptions } from 'fastify';
import type { TrustProxy } from '../config/config.js';

/**
 * The `trustProxy` setting as Fastify's option, which decides `request.ip` (and `request.protocol`).
 * A hop count becomes a function: Fastify 5 takes a bare number as "trust nobody", while the setting
 * means "the client is the address this many proxies in front of us saw" (Express's meaning).
 */
export function fastifyTrustProxy(setting: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (setting === false || setting === 0) return false;
  if (typeof setting === 'number') return (_address: string, hop: number) => hop < setting;
  return setting;
}
