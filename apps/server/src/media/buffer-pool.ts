/**
 * A bounded set of equal buffers, lent and given back. When all are out a borrower waits for the next
 * one given back, so memory stays bounded however many answers are sent at once: buffers allocated per
 * read and freed by the garbage collector left the process 40 MB larger after a burst of streams, in
 * memory the allocator kept. A buffer can stay out for long: a paused player stops reading, and the
 * write holding it waits on the full socket. So while someone waits, buffers out for longer than
 * `stuckMs` are written off: each is replaced by a new one and, when it does come back, dropped.
 */
export class BufferPool {
  private readonly idle: Buffer[] = [];
  /** Lent buffers and when they were lent, oldest first (a Map keeps insertion order). */
  private readonly lent = new Map<Buffer, number>();
  private readonly waiting: Array<(buffer: Buffer) => void> = [];
  private sweep: NodeJS.Timeout | null = null;

  constructor(
    readonly bufferBytes: number,
    private readonly limit: number,
    private readonly stuckMs = 100,
  ) {}

  /** Calls `use` with a buffer: at once when one is idle or may be made, else when one is free. */
  borrow(use: (buffer: Buffer) => void): void {
    const buffer =
      this.idle.pop() ?? (this.lent.size < this.limit ? Buffer.allocUnsafeSlow(this.bufferBytes) : undefined);
    if (buffer) {
      this.lend(buffer, use);
      return;
    }
    this.waiting.push(use);
    this.sweep ??= setTimeout(() => this.writeOffStuck(), this.stuckMs).unref();
  }

  /** Only once nothing (no pending write) still reads the buffer. */
  giveBack(buffer: Buffer): void {
    if (!this.lent.delete(buffer)) return; // Written off: never lent again.
    const next = this.waiting.shift();
    if (next) this.lend(buffer, next);
    else this.idle.push(buffer);
  }

  /** How many buffers are idle and lent, and how many borrowers wait, for tests. */
  get counts(): { idle: number; lent: number; waiting: number } {
    return { idle: this.idle.length, lent: this.lent.size, waiting: this.waiting.length };
  }

  private lend(buffer: Buffer, use: (buffer: Buffer) => void): void {
    this.lent.set(buffer, performance.now());
    use(buffer);
  }

  private writeOffStuck(): void {
    this.sweep = null;
    const stuckSince = performance.now() - this.stuckMs;
    for (const [buffer, lentAt] of this.lent) {
      const next = this.waiting[0];
      if (!next || lentAt > stuckSince) break;
      this.waiting.shift();
      this.lent.delete(buffer);
      this.lend(Buffer.allocUnsafeSlow(this.bufferBytes), next);
    }
    if (this.waiting.length > 0) this.sweep = setTimeout(() => this.writeOffStuck(), this.stuckMs).unref();
  }
}
