/** One Server-Sent Event: its name (`message` when unnamed) and its data lines joined by newlines. */
export interface StreamEvent {
  event: string;
  data: string;
}

/**
 * An incremental text/event-stream parser (the WHATWG rules that matter here): feed it decoded chunks
 * as they arrive, get back the events completed by each chunk. Comments (`: keep-alive`) are skipped.
 */
export class EventStreamParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];

  push(chunk: string): StreamEvent[] {
    this.buffer += chunk;
    const events: StreamEvent[] = [];
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      // A lone trailing \r may be the first half of \r\n: wait for the next chunk.
      if (!match || (match[0] === '\r' && match.index === this.buffer.length - 1)) break;
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      const event = this.line(line);
      if (event) events.push(event);
    }
    return events;
  }

  private line(line: string): StreamEvent | null {
    if (line === '') {
      const event =
        this.data.length > 0 ? { event: this.event || 'message', data: this.data.join('\n') } : null;
      this.event = '';
      this.data = [];
      return event;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
    return null;
  }
}

export type StreamStatus = 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface FollowOptions {
  url: string;
  /** Read at every (re)connection, so a fresh token is used. */
  headers(): Record<string, string>;
  onEvent(event: StreamEvent): void;
  onStatus(status: StreamStatus, detail?: string): void;
  signal: AbortSignal;
  /** Waits between reconnections, in ms (the last one repeats). */
  backoff?: number[];
}

/**
 * Follows an event stream with fetch() (EventSource cannot send the Authorization header), reconnecting
 * after a drop. A 401 or 403 ends it for good: reconnecting would not help.
 */
export async function followEventStream(options: FollowOptions): Promise<void> {
  const backoff = options.backoff ?? [1_000, 2_000, 5_000, 10_000];
  let attempt = 0;
  while (!options.signal.aborted) {
    options.onStatus(attempt === 0 ? 'connecting' : 'reconnecting');
    let detail = '';
    try {
      const response = await fetch(options.url, {
        headers: { Accept: 'text/event-stream', ...options.headers() },
        signal: options.signal,
        cache: 'no-store',
      });
      if (response.status === 401 || response.status === 403) {
        options.onStatus('closed', `${response.status} ${response.statusText}`.trim());
        return;
      }
      if (!response.ok || !response.body) throw new Error(`${response.status} ${response.statusText}`.trim());
      options.onStatus('open');
      attempt = 0;
      const parser = new EventStreamParser();
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const event of parser.push(value)) options.onEvent(event);
      }
    } catch (error) {
      if (options.signal.aborted) break;
      detail = (error as Error).message;
    }
    if (options.signal.aborted) break;
    const wait = backoff[Math.min(attempt, backoff.length - 1)] ?? 5_000;
    attempt++;
    options.onStatus('reconnecting', detail);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, wait);
      options.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
  options.onStatus('closed');
}
