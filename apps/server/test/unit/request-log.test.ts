import { PassThrough } from 'node:stream';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerRequestLog, SLOW_REQUEST_MS } from '../../src/http/plugins/request-log.plugin.js';
import { formatSummary, RequestStats } from '../../src/http/request-stats.js';
import { createLogger } from '../../src/logger.js';

const SECRET = 'eyJhbGciOiJIUzI1NiJ9.payload.signature';
const MINUTE = 60_000;

interface LogLine {
  level: number;
  msg: string;
  request?: { method: string; url: string; status: number; ms: number; slow: boolean };
  requests?: Record<string, number>;
}

/** An app with only the request log, on a clock the routes move, logging into `lines`. */
async function appWithLog(level: string, lines: LogLine[]): Promise<FastifyInstance> {
  let clock = 0;
  const out = new PassThrough();
  out.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
  });
  const app = Fastify({
    loggerInstance: createLogger(level, out) as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true }),
  });
  registerRequestLog(app, { now: () => clock });
  // As the errors plugin does: a 500 answers in the contract's shape (its own log line is not under test).
  app.setErrorHandler((_error, _request, reply) =>
    reply.status(500).send({ error: 'Internal server error' }),
  );
  app.get('/ok', async () => {
    clock += 3;
    return { ok: true };
  });
  app.get('/slow', async () => {
    clock += SLOW_REQUEST_MS + 500;
    return { ok: true };
  });
  app.get('/boom', async () => {
    throw new Error('broken');
  });
  await app.ready();
  return app;
}

const flush = () => new Promise((resolve) => setImmediate(resolve));
const requestLines = (lines: LogLine[]) => lines.filter((line) => line.request);

describe('the request log', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes a plain request at debug, an error and a slow answer at warn, never a request at info', async () => {
    const lines: LogLine[] = [];
    const app = await appWithLog('debug', lines);
    for (const url of ['/ok', '/nowhere', '/boom', '/slow']) await app.inject({ method: 'GET', url });
    await flush();
    const byUrl = Object.fromEntries(requestLines(lines).map((line) => [line.request?.url, line]));
    expect(requestLines(lines)).toHaveLength(4);
    expect(byUrl['/ok']).toMatchObject({
      level: 20,
      msg: 'GET /ok 200 3.0 ms',
      request: { status: 200, ms: 3 },
    });
    expect(byUrl['/nowhere']).toMatchObject({ level: 20, request: { status: 404 } });
    expect(byUrl['/boom']).toMatchObject({ level: 40, request: { status: 500 } });
    expect(byUrl['/slow']).toMatchObject({
      level: 40,
      msg: 'slow request: GET /slow 200 1.5 s',
      request: { status: 200, ms: 1500, slow: true },
    });
    expect(lines.filter((line) => line.level === 30)).toEqual([]);
    await app.close();
  });

  it('at info, the default, leaves plain requests out and keeps errors and slow answers', async () => {
    const lines: LogLine[] = [];
    const app = await appWithLog('info', lines);
    for (const url of ['/ok', '/ok', '/nowhere', '/boom', '/slow']) await app.inject({ method: 'GET', url });
    await flush();
    expect(requestLines(lines).map((line) => line.request?.url)).toEqual(['/boom', '/slow']);
    await app.close();
  });

  it('sums up each minute with requests in one info line, and says nothing for an idle minute', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const lines: LogLine[] = [];
    const app = await appWithLog('info', lines);
    for (const url of ['/ok', '/ok', '/ok', '/nowhere', '/boom', '/slow'])
      await app.inject({ method: 'GET', url });
    vi.advanceTimersByTime(MINUTE);
    await flush();
    const summaries = lines.filter((line) => line.requests);
    expect(summaries).toHaveLength(1);
    expect(summaries[0]).toMatchObject({
      level: 30,
      requests: { requests: 6, serverErrors: 1, clientErrors: 1, slow: 1, maxMs: 1500 },
    });
    expect(summaries[0]?.msg).toMatch(
      /^6 requests in the last minute \(1 server errors, 1 client errors, 1 slow\): p50 .+, p99 .+, max 1\.5 s$/,
    );
    vi.advanceTimersByTime(MINUTE);
    await flush();
    expect(lines.filter((line) => line.requests)).toHaveLength(1);
    await app.close();
  });

  it('never writes a token: the URL is redacted and no header is logged', async () => {
    const lines: LogLine[] = [];
    const app = await appWithLog('debug', lines);
    await app.inject({
      method: 'GET',
      url: `/ok?token=${SECRET}&%74oken=${SECRET}`,
      headers: { authorization: `Bearer ${SECRET}`, cookie: `sasayaki_token=${SECRET}` },
    });
    await app.inject({ method: 'GET', url: `/boom?token=${SECRET}` });
    await flush();
    const text = JSON.stringify(lines);
    expect(requestLines(lines)).toHaveLength(2);
    expect(text).toContain('/ok?token=[redacted]&%74oken=[redacted]');
    expect(text).toContain('/boom?token=[redacted]');
    expect(text).not.toContain('signature');
    await app.close();
  });
});

describe('RequestStats', () => {
  it('gives percentiles within a tenth of the true value, and starts again after each summary', () => {
    const stats = new RequestStats();
    // 1 to 1000 ms, shuffled: p50 is 500 and p99 990.
    const durations = Array.from({ length: 1000 }, (_, index) => index + 1).sort(
      (a, b) => ((a * 7919) % 1000) - ((b * 7919) % 1000),
    );
    for (const ms of durations) stats.record(200, ms, false);
    const summary = stats.take();
    expect(summary?.requests).toBe(1000);
    expect(summary?.p50Ms).toBeGreaterThanOrEqual(500);
    expect(summary?.p50Ms).toBeLessThanOrEqual(550);
    expect(summary?.p99Ms).toBeGreaterThanOrEqual(990);
    expect(summary?.p99Ms).toBeLessThanOrEqual(1000);
    expect(summary?.maxMs).toBe(1000);
    expect(stats.take()).toBeNull();
  });

  it('counts server errors, client errors and slow answers apart', () => {
    const stats = new RequestStats();
    stats.record(200, 0.4, false);
    stats.record(404, 2, false);
    stats.record(503, 3, false);
    stats.record(200, 2500, true);
    const summary = stats.take();
    expect(summary).toMatchObject({ requests: 4, serverErrors: 1, clientErrors: 1, slow: 1, maxMs: 2500 });
    expect(summary?.p50Ms).toBeLessThanOrEqual(2.2);
    const quiet = {
      requests: 1,
      serverErrors: 0,
      clientErrors: 0,
      slow: 0,
      p50Ms: 0.4,
      p99Ms: 12.3,
      maxMs: 12.3,
    };
    expect(formatSummary(quiet, 60)).toBe('1 request in the last minute: p50 0.4 ms, p99 12 ms, max 12 ms');
  });
});
