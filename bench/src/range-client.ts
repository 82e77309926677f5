import { connect, type Socket } from 'node:net';

/** What one request's answer was: its status and when its headers and its last byte came, in ms. */
export interface RangeAnswer {
  status: number;
  firstByteMs: number;
  totalMs: number;
}

interface Waiting {
  sentAt: number;
  head: string;
  status: number;
  firstByteMs: number;
  /** Body bytes still to come, once the head is parsed. */
  bodyLeft: number | null;
  resolve(answer: RangeAnswer): void;
  reject(error: Error): void;
}

const HEAD_END = '\r\n\r\n';

/**
 * One keep-alive HTTP/1.1 connection that asks for one thing at a time and reads every answer into the
 * same buffer (`onread`). Node's HTTP client allocates a buffer per chunk: at 100 MB/s its own garbage
 * collection paused its clocks by tens of milliseconds, which the bench then reported as the server's
 * time to first byte. Only what the bench's range requests need: `Content-Length` answers, no chunked
 * bodies, no redirects.
 */
export class RangeClient {
  private readonly socket: Socket;
  /** Every answer's bytes land here, chunk after chunk. */
  private readonly buffer = Buffer.allocUnsafe(256 * 1024);
  private waiting: Waiting | null = null;

  constructor(host: string, port: number) {
    this.socket = connect({
      host,
      port,
      noDelay: true,
      onread: { buffer: this.buffer, callback: (bytes) => this.read(bytes) },
    });
    this.socket.on('error', (error) => this.fail(error));
    this.socket.on('close', () => this.fail(new Error('connection closed')));
  }

  get(path: string, headers: Record<string, string>): Promise<RangeAnswer> {
    if (this.waiting) return Promise.reject(new Error('one request at a time'));
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    return new Promise((resolve, reject) => {
      this.waiting = {
        sentAt: performance.now(),
        head: '',
        status: 0,
        firstByteMs: 0,
        bodyLeft: null,
        resolve,
        reject,
      };
      this.socket.write(`GET ${path} HTTP/1.1\r\nhost: bench\r\n${lines.join('')}\r\n`);
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private read(bytes: number): boolean {
    const waiting = this.waiting;
    if (!waiting) return true;
    let body = bytes;
    if (waiting.bodyLeft === null) {
      // Only the head becomes text (a few hundred bytes, latin1: one character per byte); the body that
      // follows it in the same chunk is counted, never copied.
      const end = this.buffer.subarray(0, bytes).indexOf(HEAD_END);
      const taken = end === -1 ? bytes : end + HEAD_END.length;
      waiting.head += this.buffer.toString('latin1', 0, taken);
      // Looked for in the text too: the blank line can straddle two chunks.
      const headEnd = waiting.head.indexOf(HEAD_END);
      if (headEnd === -1) return true;
      waiting.firstByteMs = performance.now() - waiting.sentAt;
      const head = waiting.head.slice(0, headEnd);
      waiting.status = Number(head.slice(9, 12));
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1];
      if (length === undefined) {
        this.fail(new Error(`answer without Content-Length: ${head.split('\r\n')[0]}`));
        return false;
      }
      waiting.bodyLeft = Number(length);
      body = bytes - taken + (waiting.head.length - headEnd - HEAD_END.length);
    }
    waiting.bodyLeft -= body;
    if (waiting.bodyLeft <= 0) {
      this.waiting = null;
      waiting.resolve({
        status: waiting.status,
        firstByteMs: waiting.firstByteMs,
        totalMs: performance.now() - waiting.sentAt,
      });
    }
    return true;
  }

  private fail(error: Error): void {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.reject(error);
  }
}
