import { isIP } from 'node:net';
import type { Logger } from 'pino';
import { AUTH_OFF_ON_PUBLIC_ADDRESS, type Config, ConfigError } from './config.js';

/** A name or address that only this machine reaches: 127.0.0.0/8, ::1 (also IPv4-mapped) or localhost. */
export function isLoopback(host: string): boolean {
  const name = host
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
  if (name === 'localhost') return true;
  if (isIP(name) === 4) return name.startsWith('127.');
  if (isIP(name) === 6)
    return name === '::1' || /^::ffff:127\./.test(name) || /^(0{1,4}:){7}0{0,3}1$/.test(name);
  return false;
}

/**
 * With accounts off everyone who reaches the server is its administrator. On a loopback address that is
 * only this machine's users; on any other (the default `0.0.0.0` included) it is anyone on the network,
 * so the server refuses to start unless `SASAYAKI_AUTH_OFF_ON_PUBLIC_ADDRESS` accepts that in words.
 * Whenever accounts are off, it says so in the log at start-up.
 */
export function checkAuthExposure(config: Pick<Config, 'host' | 'auth'>, logger: Pick<Logger, 'warn'>): void {
  if (config.auth.enabled) return;
  if (isLoopback(config.host)) {
    logger.warn(
      { host: config.host },
      'accounts are off (SASAYAKI_AUTH=false): everyone who can use this machine administers this server',
    );
    return;
  }
  if (!config.auth.offOnPublicAddress) {
    throw new ConfigError(
      'SASAYAKI_AUTH',
      `accounts are off and HOST=${config.host} is not a loopback address, so anyone who can reach it would ` +
        'administer this server. Turn accounts on, listen on HOST=127.0.0.1, or, to accept that risk, set ' +
        `SASAYAKI_AUTH_OFF_ON_PUBLIC_ADDRESS=${AUTH_OFF_ON_PUBLIC_ADDRESS}`,
    );
  }
  logger.warn(
    { host: config.host },
    'accounts are off on a public address (SASAYAKI_AUTH_OFF_ON_PUBLIC_ADDRESS): everyone who can reach ' +
      'this server administers it',
  );
}
