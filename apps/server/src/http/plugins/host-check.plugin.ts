import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/config.js';
import { isLoopback } from '../../config/exposure.js';
import { AppError } from '../../errors.js';

class MisdirectedRequest extends AppError {
  constructor(host: string) {
    super(
      421,
      `This server does not answer to the name "${host}": with accounts off it answers only to its own ` +
        'names (localhost, its addresses and SASAYAKI_PUBLIC_HOSTS)',
    );
  }
}

/** The name of a `Host` header, without its port or an IPv6 literal's brackets, in lower case. */
export function hostName(header: string): string {
  const host = header.trim().toLowerCase();
  const name = host.startsWith('[') ? host.slice(1, host.indexOf(']')) : host.replace(/:\d*$/, '');
  return name.replace(/\.$/, '');
}

/**
 * DNS rebinding: a page from another site renames itself to this server's address, and the browser then
 * sends its requests here with the page's name as `Host`. With accounts off such a request would act as
 * the administrator, so only the names this server is reached by are answered (421 otherwise): loopback
 * names, address literals (a page cannot rebind to a name it does not control, and an address is not
 * one) and `SASAYAKI_PUBLIC_HOSTS`. The raw header is read, never `X-Forwarded-Host`, which a page can
 * set. With accounts on a token is needed anyway and the hook is not added; when off, it is a string
 * split and a set lookup per request.
 */
export function registerHostCheck(app: FastifyInstance, config: Pick<Config, 'auth' | 'publicHosts'>): void {
  if (config.auth.enabled) return;
  const publicHosts = new Set(config.publicHosts);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.host;
    // HTTP/1.0 without a Host header: no browser sends that, so it is no rebinding.
    if (header === undefined || header === '') return;
    const name = hostName(header);
    if (isIP(name) !== 0 || isLoopback(name) || publicHosts.has(name)) return;
    throw new MisdirectedRequest(name);
  });
}
