import type { EventEmitter } from 'node:events';
import autocannon from 'autocannon';
import { residentMegabytes } from './server-process.js';

/** What every bench request carries: a bearer token and gzip, as a browser's requests do. */
export function clientHeaders(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' };
}

/** One request of a load: its path and, for writes, the value sent as its JSON body. */
export interface RequestSpec {
  path: string;
  body?: unknown;
}

export interface LoadOptions {
  url: string;
  token: string;
  connections: number;
  seconds: number;
  /**
   * One path, or a function giving the path (or path and JSON body together) of each request, e.g. a
   * different work id every time.
   */
  path: string | (() => string | RequestSpec);
  /** GET unless given. */
  method?: 'GET' | 'POST' | 'PUT';
  /** The JSON body of every request, unless `path` gives one per request. */
  body?: unknown;
  headers?: Record<string, string> | (() => Record<string, string>);
  /** Requests a second over all connections (autocannon's `overallRate`): unset for as fast as answered. */
  overallRate?: number;
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

/** A load's figures from every request's timings (in ms, any order) over its length in seconds. */
export function loadStats(
  timings: { totals: number[]; firstBytes: number[]; seconds: number },
  counts: Pick<LoadStats, 'errors' | 'non2xx' | 'peakRssMb'>,
): LoadStats {
  const totals = [...timings.totals].sort((a, b) => a - b);
  const firstBytes = [...timings.firstBytes].sort((a, b) => a - b);
  return {
    requests: totals.length,
    requestsPerSec: totals.length / timings.seconds,
    p50Ms: percentile(totals, 50),
    p99Ms: percentile(totals, 99),
    ttfbP50Ms: percentile(firstBytes, 50),
    ttfbP99Ms: percentile(firstBytes, 99),
    ...counts,
  };
}

/** Nearest-rank percentile of an ascending array. */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

/** The part of autocannon's client that keeps the responses it waits for. */
interface QueueingClient {
  pipelinedRequests: { addBody(data: Buffer): void };
}

/**
 * Autocannon appends every response body to a string, for its `expectBody` option (unused here). For
 * 256 KiB of audio that conversion took 60% of the load generator's time, so its clients fell behind and
 * the server's times looked ten times longer than they were. The bodies are still read, then dropped.
 */
function dropBodies(client: QueueingClient): void {
  client.pipelinedRequests.addBody = () => {};
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
  const specNow = (): RequestSpec => {
    const spec = typeof pathOf === 'function' ? pathOf() : pathOf;
    return typeof spec === 'string' ? { path: spec, body: options.body } : { body: options.body, ...spec };
  };
  const headersNow = (spec: RequestSpec) => ({
    ...clientHeaders(options.token),
    ...(spec.body === undefined ? {} : { 'content-type': 'application/json' }),
    ...(typeof headersOf === 'function' ? headersOf() : headersOf),
  });
  const bodyOf = (spec: RequestSpec) => (spec.body === undefined ? undefined : JSON.stringify(spec.body));
  const method = options.method ?? 'GET';
  const first = specNow();
  try {
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      autocannon(
        {
          url: options.url + first.path,
          connections: options.connections,
          duration: options.seconds,
          method,
          headers: headersNow(first),
          body: bodyOf(first),
          ...(options.overallRate === undefined ? {} : { overallRate: options.overallRate }),
          requests: dynamic
            ? [
                {
                  setupRequest: (request) => {
                    const spec = specNow();
                    return {
                      ...request,
                      method,
                      path: spec.path,
                      headers: headersNow(spec),
                      body: bodyOf(spec),
                    };
                  },
                },
              ]
            : undefined,
          setupClient: (client) => {
            dropBodies(client as unknown as QueueingClient);
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
    return loadStats(
      { totals, firstBytes, seconds: options.seconds },
      { errors: result.errors + result.timeouts, non2xx: result.non2xx, peakRssMb },
    );
  } finally {
    clearInterval(rssTimer);
  }
}
