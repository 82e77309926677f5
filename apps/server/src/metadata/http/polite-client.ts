import type { Dispatcher } from 'undici';
import type { HostRateLimiter } from './host-rate-limiter.js';

export interface PoliteClientOptions {
  /** `http://host:port` of an HTTP proxy (CONNECT for https), or null to connect directly. */
  proxy: string | null;
  /** Headers and body of one attempt must arrive within this (milliseconds). */
  timeoutMs: number;
  /** Attempts of one request, the first included. */
  attempts: number;
  /** The first back-off (milliseconds); doubled each retry, a random quarter added. */
  backoffMs: number;
  /** The longest wait honoured from a `Retry-After` or a back-off (milliseconds). */
  maxWaitMs: number;
  /** Answers larger than this are refused (bytes): a metadata answer is a few KiB, a cover a few MiB. */
  maxBytes: number;
  userAgent: string;
}

export type FetchAnswer =
  | { kind: 'ok'; status: number; body: Buffer; contentType: string | null }
  /** A final answer that is not a success and not worth retrying (404, 403 …), or retries ran out. */
  | { kind: 'http-error'; status: number; retryAfterMs?: number | null }
  /** No answer: network errors or timeouts on every attempt. */
  | { kind: 'network-error'; message: string };

/** 429 and 5xx are worth another try; other statuses are the answer. */
function retryable(status: number): boolean {
  return status === 429 || status >= 500;
}

/** `Retry-After` in seconds or as an HTTP date, as milliseconds from now; null when absent or unreadable. */
export function retryAfterMs(value: string | string[] | undefined, now: number): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return null;
  if (/^\d+$/.test(text.trim())) return Number(text.trim()) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/**
 * GET requests to a metadata source, politely: through the configured proxy, one rate limiter per host,
 * a timeout per attempt, and retries with exponential back-off (or the server's `Retry-After`) on
 * network errors, timeouts, 429 and 5xx. Never throws for what the network does; the answer says.
 */
export class PoliteClient {
  /**
   * undici and its connection pool, loaded at the first request: the module is 110 files, which every
   * `sasayaki scan` and start-up compiled without ever fetching (a rescan's time is mostly fixed costs).
   */
  private undici: Promise<{ request: typeof import('undici').request; dispatcher: Dispatcher }> | undefined;

  constructor(
    private readonly options: PoliteClientOptions,
    private readonly limiter: HostRateLimiter,
    private readonly sleep: (ms: number) => Promise<void> = (ms) =>
      new Promise((resolve) => setTimeout(resolve, ms).unref()),
  ) {}

  private connection() {
    this.undici ??= import('undici').then(({ Agent, ProxyAgent, request }) => ({
      request,
      dispatcher: this.options.proxy
        ? new ProxyAgent({ uri: this.options.proxy })
        : new Agent({ keepAliveTimeout: 10_000, connections: 8 }),
    }));
    return this.undici;
  }

  async get(url: string, signal?: AbortSignal): Promise<FetchAnswer> {
    const host = new URL(url).host;
    let last: FetchAnswer = { kind: 'network-error', message: 'not tried' };
    for (let attempt = 0; attempt < this.options.attempts; attempt++) {
      if (signal?.aborted) return { kind: 'network-error', message: 'cancelled' };
      await this.limiter.take(host);
      last = await this.attempt(url, signal);
      const again = last.kind === 'network-error' || (last.kind === 'http-error' && retryable(last.status));
      if (!again || attempt === this.options.attempts - 1) break;
      const backoff = this.options.backoffMs * 2 ** attempt * (1 + Math.random() / 4);
      const hint = last.kind === 'http-error' ? last.retryAfterMs : null;
      const wait = Math.min(this.options.maxWaitMs, hint ?? backoff);
      // A 429 slows every request to that host, not only this one's retry.
      if (last.kind === 'http-error' && last.status === 429) this.limiter.holdUntil(host, Date.now() + wait);
      await this.sleep(wait);
    }
    return last;
  }

  private async attempt(url: string, signal?: AbortSignal): Promise<FetchAnswer> {
    const { timeoutMs, maxBytes, userAgent } = this.options;
    const { request, dispatcher } = await this.connection();
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      const response = await request(url, {
        dispatcher,
        headers: { 'user-agent': userAgent, accept: 'application/json, image/*;q=0.9, */*;q=0.5' },
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      if (response.statusCode < 200 || response.statusCode >= 300) {
        await response.body.dump();
        return {
          kind: 'http-error',
          status: response.statusCode,
          retryAfterMs: retryAfterMs(response.headers['retry-after'], Date.now()),
        };
      }
      const length = Number(response.headers['content-length'] ?? 0);
      if (length > maxBytes) {
        await response.body.dump();
        return { kind: 'network-error', message: `answer of ${length} bytes is over the ${maxBytes} limit` };
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of response.body) {
        size += (chunk as Buffer).length;
        if (size > maxBytes) {
          response.body.destroy();
          return { kind: 'network-error', message: `answer over the ${maxBytes}-byte limit` };
        }
        chunks.push(chunk as Buffer);
      }
      const type = response.headers['content-type'];
      return {
        kind: 'ok',
        status: response.statusCode,
        body: Buffer.concat(chunks),
        contentType: (Array.isArray(type) ? type[0] : type) ?? null,
      };
    } catch (error) {
      const message = timeout.aborted ? `no answer within ${timeoutMs} ms` : (error as Error).message;
      return { kind: 'network-error', message };
    }
  }

  async close(): Promise<void> {
    if (this.undici) await (await this.undici).dispatcher.close();
  }
}
