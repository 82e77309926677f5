/** One prefetch hint's work: resolve the file and prepare its low-bitrate copy, settling when it is made. */
export type PrefetchTask = () => Promise<void>;

export interface PrefetchQueueOptions {
  /** Hints at work at once: the transcoder's process slots for hints (`SASAYAKI_TRANSCODE_CONCURRENCY`). */
  concurrency: number;
  /** Hints waiting for those; past it the oldest waiting hint is dropped. */
  capacity: number;
  /** A hint's failure is nobody's business but the log's. */
  onError(error: unknown): void;
}

/** How many hints may wait for a slot in one process: the web app sends three per track played. */
export const PREFETCH_WAITING = 16;

/**
 * Prefetch hints in order, bounded at both ends: `concurrency` at work, `capacity` waiting, and a new
 * hint pushes out the oldest waiting one, which is the least likely to be played next. Without the bound
 * every OPTIONS request queued a transcode in the transcoder's slots, so a burst of hints kept ffmpeg busy
 * for minutes on files nobody would play. The queue holds closures only: O(1) per hint, no I/O.
 */
export class PrefetchQueue {
  private readonly waiting: PrefetchTask[] = [];
  private running = 0;

  constructor(private readonly options: PrefetchQueueOptions) {}

  push(task: PrefetchTask): void {
    this.waiting.push(task);
    if (this.waiting.length > this.options.capacity) this.waiting.shift();
    this.pump();
  }

  /** Forgets the waiting hints (shutdown); those at work end with the transcoder. */
  clear(): void {
    this.waiting.length = 0;
  }

  private pump(): void {
    while (this.running < this.options.concurrency) {
      const task = this.waiting.shift();
      if (!task) return;
      this.running++;
      task()
        .catch((error: unknown) => this.options.onError(error))
        .finally(() => {
          this.running--;
          this.pump();
        });
    }
  }
}
