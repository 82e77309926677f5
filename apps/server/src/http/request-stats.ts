/**
 * A minute of requests in constant memory: counts and a latency histogram whose buckets grow by a tenth,
 * so recording is O(1) whatever the load and a percentile is within 10% of the true value.
 */
const GROWTH = 1.1;
const LOG_GROWTH = Math.log(GROWTH);
/** 1.1^199 ms is about two days: no response start takes longer. */
const BUCKETS = 200;

export interface RequestSummary {
  requests: number;
  /** Answers with status 500 and over. */
  serverErrors: number;
  /** Answers with status 400 to 499 (a wrong password, an unknown id, a limit reached). */
  clientErrors: number;
  /** Requests whose answer started after the slow threshold. */
  slow: number;
  /** Milliseconds until the answer started: the median, the 99th percentile (upper bounds) and the longest. */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

function bucketOf(ms: number): number {
  if (ms <= 1) return 0;
  return Math.min(BUCKETS - 1, Math.ceil(Math.log(ms) / LOG_GROWTH));
}

export class RequestStats {
  private readonly histogram = new Uint32Array(BUCKETS);
  private requests = 0;
  private serverErrors = 0;
  private clientErrors = 0;
  private slow = 0;
  private maxMs = 0;

  record(status: number, ms: number, slow: boolean): void {
    this.requests++;
    if (status >= 500) this.serverErrors++;
    else if (status >= 400) this.clientErrors++;
    if (slow) this.slow++;
    if (ms > this.maxMs) this.maxMs = ms;
    const bucket = bucketOf(ms);
    this.histogram[bucket] = (this.histogram[bucket] ?? 0) + 1;
  }

  /** What was recorded since the last call, then starts again; null when no request came. */
  take(): RequestSummary | null {
    if (this.requests === 0) return null;
    const summary: RequestSummary = {
      requests: this.requests,
      serverErrors: this.serverErrors,
      clientErrors: this.clientErrors,
      slow: this.slow,
      p50Ms: this.percentile(0.5),
      p99Ms: this.percentile(0.99),
      maxMs: roundMs(this.maxMs),
    };
    this.histogram.fill(0);
    this.requests = this.serverErrors = this.clientErrors = this.slow = this.maxMs = 0;
    return summary;
  }

  /** The upper bound of the bucket holding the q-th request, never above the longest one seen. */
  private percentile(q: number): number {
    const rank = Math.max(1, Math.ceil(q * this.requests));
    let seen = 0;
    for (let bucket = 0; bucket < BUCKETS; bucket++) {
      seen += this.histogram[bucket] ?? 0;
      if (seen >= rank) return roundMs(Math.min(GROWTH ** bucket, this.maxMs));
    }
    return roundMs(this.maxMs);
  }
}

/** Tenths of a millisecond: finer says nothing about a request. */
function roundMs(ms: number): number {
  return Math.round(ms * 10) / 10;
}

/** `12 ms`, `3.4 ms`, `1.2 s`: how a person reads a duration in a log line. */
export function formatDuration(ms: number): string {
  if (ms >= 1000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms >= 10) return `${Math.round(ms)} ms`;
  return `${ms.toFixed(1)} ms`;
}

/** The minute's one line: `1234 requests (2 server errors, 10 client errors, 1 slow), p50 3.1 ms, …`. */
export function formatSummary(summary: RequestSummary, periodSeconds: number): string {
  const notes = [
    summary.serverErrors > 0 ? `${summary.serverErrors} server errors` : '',
    summary.clientErrors > 0 ? `${summary.clientErrors} client errors` : '',
    summary.slow > 0 ? `${summary.slow} slow` : '',
  ].filter((note) => note !== '');
  const period = periodSeconds === 60 ? 'the last minute' : `the last ${periodSeconds} s`;
  return (
    `${summary.requests} ${summary.requests === 1 ? 'request' : 'requests'} in ${period}` +
    `${notes.length > 0 ? ` (${notes.join(', ')})` : ''}: p50 ${formatDuration(summary.p50Ms)}, ` +
    `p99 ${formatDuration(summary.p99Ms)}, max ${formatDuration(summary.maxMs)}`
  );
}
