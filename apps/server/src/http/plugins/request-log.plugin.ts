import type { FastifyInstance, FastifyRequest } from 'fastify';
import { redactUrl } from '../../logger.js';
import { formatDuration, formatSummary, RequestStats } from '../request-stats.js';

/** An answer that starts later than this is logged at `warn`. */
export const SLOW_REQUEST_MS = 1000;
/** How often the summary line is written (at `info`, only when requests came). */
export const REQUEST_SUMMARY_INTERVAL_MS = 60_000;

export interface RequestLogOptions {
  /** Milliseconds from an arbitrary origin (tests pass a fake clock). */
  now?: () => number;
  slowMs?: number;
  summaryIntervalMs?: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** When the request arrived (`now()` of the request log). */
    logArrivedAt: number;
    /** Milliseconds until the answer started; -1 until it does. */
    logAnsweredAfterMs: number;
  }
}

/**
 * Request lines that do not bury the log (Fastify's own are off: two `info` lines a request wrote 890 MB
 * in a 10-minute load run). Each request is one `debug` line; an answer with status 500 or more, or one
 * that starts after `SLOW_REQUEST_MS`, is one `warn` line instead; every minute with requests ends with one
 * `info` line counting them with their p50 and p99. Durations run to the start of the answer, not its
 * end: a stream lasts as long as its listener listens, which says nothing about the server.
 * URLs are redacted (`?token=`); headers are never logged.
 */
export function registerRequestLog(app: FastifyInstance, options: RequestLogOptions = {}): void {
  const now = options.now ?? (() => performance.now());
  const slowMs = options.slowMs ?? SLOW_REQUEST_MS;
  const intervalMs = options.summaryIntervalMs ?? REQUEST_SUMMARY_INTERVAL_MS;
  const stats = new RequestStats();
  // Decided once: at `info` and above a plain request then costs nothing more than this flag's test.
  const debugLines = app.log.level === 'debug' || app.log.level === 'trace';

  app.decorateRequest('logArrivedAt', 0);
  app.decorateRequest('logAnsweredAfterMs', -1);
  app.addHook('onRequest', (request, _reply, done) => {
    request.logArrivedAt = now();
    done();
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    // An error while sending runs onSend again: the first call is when the answer started.
    if (request.logAnsweredAfterMs < 0) request.logAnsweredAfterMs = now() - request.logArrivedAt;
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const ms = request.logAnsweredAfterMs >= 0 ? request.logAnsweredAfterMs : now() - request.logArrivedAt;
    const slow = ms > slowMs;
    stats.record(reply.statusCode, ms, slow);
    logRequest(request, reply.statusCode, ms, slow, debugLines);
    done();
  });

  const timer = setInterval(() => {
    const summary = stats.take();
    if (summary) app.log.info({ requests: summary }, formatSummary(summary, intervalMs / 1000));
  }, intervalMs);
  // The summary never keeps a process alive that has nothing else to do.
  timer.unref();
  app.addHook('onClose', (_instance, done) => {
    clearInterval(timer);
    done();
  });
}

function logRequest(
  request: FastifyRequest,
  status: number,
  ms: number,
  slow: boolean,
  debugLines: boolean,
): void {
  const error = status >= 500;
  if (!error && !slow && !debugLines) return;
  const url = redactUrl(request.url);
  const line = `${request.method} ${url} ${status} ${formatDuration(ms)}`;
  // Built by hand, not from the request object, so that no header (a cookie, a token) can ride along.
  const fields = {
    request: { method: request.method, url, ip: request.ip, status, ms: Math.round(ms * 10) / 10, slow },
  };
  if (error) request.log.warn(fields, line);
  else if (slow) request.log.warn(fields, `slow request: ${line}`);
  else request.log.debug(fields, line);
}
