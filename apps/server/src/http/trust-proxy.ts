import { BlockList, isIP } from 'node:net';
import type { Config, TrustProxy } from '../config/config.js';

type TrustFunction = (address: string, hop: number) => boolean;

/** Fastify's (proxy-addr's) names for address ranges, which the setting accepts too. */
const NAMED_RANGES: Record<string, ReadonlyArray<[string, number, 'ipv4' | 'ipv6']>> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

/**
 * The addresses and ranges of the setting as one BlockList, which also matches an IPv4 address a
 * dual-stack socket reports in its IPv6 form (`::ffff:10.0.0.1`).
 */
function trustedAddresses(entries: readonly string[]): TrustFunction {
  const list = new BlockList();
  for (const entry of entries) {
    const named = NAMED_RANGES[entry];
    if (named) {
      for (const [network, prefix, type] of named) list.addSubnet(network, prefix, type);
      continue;
    }
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    const version = isIP(address);
    return version !== 0 && list.check(address, version === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * The `trustProxy` setting as a function for Fastify's option, which decides `request.ip` (and
 * `request.protocol`, `request.host`). A hop count means "the client is the address this many proxies in
 * front of us saw" (Express's meaning; Fastify 5 takes a bare number as "trust nobody").
 */
export function compileTrustProxy(setting: TrustProxy): TrustFunction {
  if (setting === false || setting === 0) return () => false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return trustedAddresses(setting);
}

/**
 * Fastify's `trustProxy` following the live setting (the Settings page changes it): compiled again only
 * when the setting object changes, so a request pays one comparison more than a fixed function would.
 */
export function liveTrustProxy(config: Pick<Config, 'trustProxy'>): TrustFunction {
  let compiledFor = config.trustProxy;
  let trust = compileTrustProxy(compiledFor);
  return (address, hop) => {
    if (config.trustProxy !== compiledFor) {
      compiledFor = config.trustProxy;
      trust = compileTrustProxy(compiledFor);
    }
    return trust(address, hop);
  };
}
