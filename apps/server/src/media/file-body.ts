import { read } from 'node:fs';
import { Readable } from 'node:stream';
import { BufferPool } from './buffer-pool.js';

/**
 * Reads of up to 256 KiB (a player's typical range request is then one read and one write), into 32
 * buffers (8 MiB) shared by every answer the process sends.
 */
const pool = new BufferPool(256 * 1024, 32);

/** How many of the pool's buffers are idle and lent, and how many answers wait for one, for tests. */
export const bodyBufferCounts = () => pool.counts;

/**
 * The body of a file answer: bytes `start` to `end` (inclusive) of an open descriptor, read by position
 * into pooled buffers (`buffer-pool.ts`) and written straight to the response. A read stream allocates a
 * fresh 256 KiB buffer per read: at 100 MB/s that outside-the-heap memory made V8 run a scavenge every
 * 60-100 ms ("external memory pressure"), each pausing every stream for 2-16 ms. A buffer goes back to
 * the pool when the response's write callback says the socket is done with it (written, failed or
 * destroyed).
 *
 * Fastify sends a stream by calling `pipe(response)`, so `pipe` is where the copying starts; the stream
 * itself carries no data, it only ends (then closes) after the last write, or is destroyed when the
 * client goes away or the file turns out shorter than its length, which cuts the connection.
 */
export class FileBody extends Readable {
  private position: number;

  constructor(
    private readonly fd: number,
    start: number,
    private readonly end: number,
  ) {
    super();
    this.position = start;
  }

  override _read(): void {}

  override pipe<T extends NodeJS.WritableStream>(destination: T): T {
    // The headers leave at once, not with the first chunk read from disk: a player learns the length and
    // type however busy the disk is.
    if ('flushHeaders' in destination && typeof destination.flushHeaders === 'function')
      destination.flushHeaders();
    this.sendFrom(destination);
    return destination;
  }

  private sendFrom(destination: NodeJS.WritableStream): void {
    if (this.destroyed) return;
    const left = this.end - this.position + 1;
    if (left <= 0) {
      destination.end();
      this.push(null);
      this.resume(); // Nothing is buffered: this only lets 'end' (and then 'close') be emitted.
      return;
    }
    pool.borrow((buffer) => {
      if (this.destroyed) return pool.giveBack(buffer);
      const length = Math.min(left, pool.bufferBytes);
      read(this.fd, buffer, 0, length, this.position, (error, bytesRead) => {
        if (this.destroyed || error || bytesRead === 0) {
          pool.giveBack(buffer);
          if (!this.destroyed)
            this.destroy(error ?? new Error('The file is shorter than when it was opened'));
          return;
        }
        this.position += bytesRead;
        const more = destination.write(buffer.subarray(0, bytesRead), () => pool.giveBack(buffer));
        if (more) this.sendFrom(destination);
        else destination.once('drain', () => this.sendFrom(destination));
      });
    });
  }
}
