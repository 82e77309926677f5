import { type AddressInfo, isIP } from 'node:net';
import type { NetworkInterfaceInfo } from 'node:os';
import { isLoopback } from '../config/exposure.js';

/** Who can reach the server: this machine only, every network it is on, or the one address it was given. */
export type ListenScope = 'this-machine' | 'every-interface' | 'some-addresses';

export interface InterfaceAddress {
  /** The interface's name (`eth0`, `wlan0`, `lo`). */
  name: string;
  address: string;
}

export interface ListenAddresses {
  scope: ListenScope;
  /** The sockets it listens on, as `127.0.0.1:8888` and `[::1]:8888`. */
  sockets: string[];
  /** The network interfaces those sockets take connections from. */
  interfaces: InterfaceAddress[];
  /** Addresses to open: `localhost` first when this machine can use it, then one per reachable address. */
  urls: string[];
}

const UNSPECIFIED = new Set(['0.0.0.0', '::']);

function hostPort(address: string, port: number): string {
  return isIP(address) === 6 ? `[${address}]:${port}` : `${address}:${port}`;
}

/** A link-local IPv6 address needs its interface's zone in a URL, which browsers do not take. */
function linkLocal(address: string): boolean {
  return /^fe[89ab]/i.test(address);
}

/**
 * What the start-up summary says about listening, from the host setting, the sockets Fastify bound
 * (`app.addresses()`: `localhost` becomes 127.0.0.1 and ::1, a port of 0 its real number) and the
 * machine's interfaces (`os.networkInterfaces()`).
 */
export function describeListenAddresses(
  host: string,
  bound: readonly AddressInfo[],
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>,
): ListenAddresses {
  const port = bound[0]?.port ?? 0;
  const sockets = bound.map((socket) => hostPort(socket.address, socket.port));
  const all = Object.entries(interfaces).flatMap(([name, infos]) =>
    (infos ?? []).map((info) => ({ name, info })),
  );
  const everyInterface = bound.some((socket) => UNSPECIFIED.has(socket.address));
  if (everyInterface) {
    // `::` takes IPv4 connections too (dual stack); `0.0.0.0` only IPv4 ones.
    const ipv6 = bound.some((socket) => socket.address === '::');
    const reachable = all.filter(({ info }) => info.family === 'IPv4' || ipv6);
    const remote = reachable.filter(({ info }) => !info.internal && !linkLocal(info.address));
    return {
      scope: 'every-interface',
      sockets,
      interfaces: reachable.map(({ name, info }) => ({ name, address: info.address })),
      urls: [
        `http://localhost:${port}`,
        ...remote.map(({ info }) => `http://${hostPort(info.address, port)}`),
      ],
    };
  }
  const addresses = new Set(bound.map((socket) => socket.address));
  const used = all
    .filter(({ info }) => addresses.has(info.address))
    .map(({ name, info }) => ({ name, address: info.address }));
  if (bound.length > 0 && bound.every((socket) => isLoopback(socket.address))) {
    return {
      scope: 'this-machine',
      sockets,
      interfaces: used,
      // As it was given: `localhost` (bound to 127.0.0.1 and ::1), or the loopback address itself.
      urls: [`http://${hostPort(host.replace(/^\[(.*)\]$/, '$1'), port)}`],
    };
  }
  return {
    scope: 'some-addresses',
    sockets,
    interfaces: used,
    urls: bound.map((socket) => `http://${hostPort(socket.address, socket.port)}`),
  };
}
