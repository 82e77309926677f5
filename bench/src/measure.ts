import type { EventEmitter } from 'node:events';
import autocannon from 'autocannon';
import { residentMegabytes } from './server-process.js';

/** What every bench request carries: a bearer token and gzip, as a browser's requests do. */
export function clientHeaders(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' };
}

export interface LoadOptions {
  url: string;
  token: string;
  connections: number;
  seconds: number;
  /** One path, or a function giving the path of each request (e.g. a different work id every time). */
  path: string | (() => string);
  headers?: Record<string, string> | (() => Record<string, string>);
  /** The server's pid: its resident memory is sampled while the load runs. */
  serverPid?: number;
}

export interface LoadStats {
  requests: number;
  requestsPerSec: number;
  /** Send to last byte of the response, per request, in ms (sub-millisecond precision). */
  p50Ms: number;
  p99Ms: number;
  /** Send to end of the response headers, i.e. time to first byte. */
  ttfbP50Ms: number;
  ttfbP99Ms: number;
  /** Connection errors and timeouts, and responses outside 2xx. */
  errors: number;
  non2xx: number;
  peakRssMb?: number;
}

/** Nearest-rank percentile of an ascending array. */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

/**
 * Runs autocannon and keeps every request's own timings. Autocannon's histograms hold whole
 * milliseconds and only 2xx latencies, too coarse for budgets of 5 ms, so each client's events are
 * timed here instead: `request` (just before the write), `headers` (headers parsed) and `response`
 * (body complete, with autocannon's own duration).
 */
export async function loadTest(options: LoadOptions): Promise<LoadStats> {
  const totals: number[] = [];
  const firstBytes: number[] = [];
  let peakRssMb: number | undefined;
  const sampleRss = () => {
    if (options.serverPid === undefined) return;
    peakRssMb = Math.max(peakRssMb ?? 0, residentMegabytes(options.serverPid));
  };
  const rssTimer = setInterval(sampleRss, 100);
  const pathOf = options.path;
  const headersOf = options.headers ?? {};
  const dynamic = typeof pathOf === 'function' || typeof headersOf === 'function';
  const headersNow = () => ({
    ...clientHeaders(options.token),
    ...(typeof headersOf === 'function' ? headersOf() : headersOf),
  });
  const pathNow = () => (typeof pathOf === 'function' ? pathOf() : pathOf);
  try {
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      autocannon(
        {
          url: options.url + pathNow(),
          connections: options.connections,
          duration: options.seconds,
          headers: headersNow(),
          requests: dynamic
            ? [{ setupRequest: (request) => ({ ...request, path: pathNow(), headers: headersNow() }) }]
            : undefined,
          setupClient: (client) => {
            let sentAt = 0;
            (client as EventEmitter).on('request', () => {
              sentAt = performance.now();
            });
            client.on('headers', () => firstBytes.push(performance.now() - sentAt));
            client.on('response', (_status, _bytes, ms) => totals.push(ms));
          },
        },
        (error, done) => (error ? reject(error) : resolve(done)),
      );
    });
    sampleRss();
    totals.sort((a, b) => a - b);
    firstBytes.sort((a, b) => a - b);
    return {
      requests: totals.length,
      requestsPerSec: totals.length / options.seconds,
      p50Ms: percentile(totals, 50),
      p99Ms: percentile(totals, 99),
      ttfbP50Ms: percentile(firstBytes, 50),
      ttfbP99Ms: percentile(firstBytes, 99),
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
      peakRssMb,
    };
  } finally {
    clearInterval(rssTimer);
  }
}
