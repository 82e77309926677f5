import { read } from 'node:fs';
import { Readable } from 'node:stream';

/** Reads of up to 256 KiB: a player's typical range request is then one read and one write. */
const CHUNK_BYTES = 256 * 1024;
/** Buffers kept for the next reads: 8 MiB, more than a hundred paced listeners keep in flight. */
const POOL_LIMIT = 32;

const idleBuffers: Buffer[] = [];

function takeBuffer(): Buffer {
  return idleBuffers.pop() ?? Buffer.allocUnsafeSlow(CHUNK_BYTES);
}

function giveBack(buffer: Buffer): void {
  if (idleBuffers.length < POOL_LIMIT) idleBuffers.push(buffer);
}

/**
 * The body of a file answer: bytes `start` to `end` (inclusive) of an open descriptor, read by position
 * into pooled buffers and written straight to the response. A read stream allocates a fresh 256 KiB
 * buffer per read: at 100 MB/s that outside-the-heap memory made V8 run a scavenge every 60-100 ms
 * ("external memory pressure"), each pausing every stream for 2-16 ms. Here a buffer goes back to the
 * pool only when the response's write callback says the socket is done with it (written, failed or
 * destroyed); one whose callback never comes is left to the garbage collector, never reused early.
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
    const buffer = takeBuffer();
    read(this.fd, buffer, 0, Math.min(left, CHUNK_BYTES), this.position, (error, bytesRead) => {
      if (this.destroyed || error || bytesRead === 0) {
        giveBack(buffer);
        if (!this.destroyed) this.destroy(error ?? new Error('The file is shorter than when it was opened'));
        return;
      }
      this.position += bytesRead;
      const more = destination.write(buffer.subarray(0, bytesRead), () => giveBack(buffer));
      if (more) this.sendFrom(destination);
      else destination.once('drain', () => this.sendFrom(destination));
    });
  }
}
