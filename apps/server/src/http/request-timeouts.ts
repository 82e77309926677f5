import type { ServerOptions } from 'node:http';

/**
 * How long a request may take to arrive, as Fastify and Node's HTTP server take it. Node's
 * `requestTimeout` covers receiving the request only (headers and body, reset by every new request on a
 * kept-alive connection): once it has arrived, a response may last as long as it needs, so a listener's
 * stream, paused by a player that buffered enough, and the scan's event stream are never cut. A socket
 * idle timeout (Fastify's `connectionTimeout`) is not set for that reason: a paused stream is idle.
 * Idle kept-alive connections close after Fastify's `keepAliveTimeout` (72 s).
 *
 * Node looks for late requests every `connectionsCheckingInterval` (30 s by default, which would let a
 * slow client hold its connection up to 30 s longer); a tenth of the timeout, within 0.25-5 s, costs a
 * walk over the open connections that often.
 */
export function requestTimeouts(timeoutMs: number): {
  requestTimeout: number;
  http: Pick<ServerOptions, 'headersTimeout' | 'connectionsCheckingInterval'>;
} {
  return {
    requestTimeout: timeoutMs,
    http: {
      headersTimeout: timeoutMs,
      connectionsCheckingInterval: Math.min(5000, Math.max(250, Math.round(timeoutMs / 10))),
    },
  };
}
