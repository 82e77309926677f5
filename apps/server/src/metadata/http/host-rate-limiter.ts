/**
 * Spaces the starts of requests to one host: at most `perSecond` a second, each host on its own. Requests
 * may overlap (a slow answer does not hold the next start back), so a 100 ms server at 4 a second keeps
 * four requests in flight at most, and a burst of waiting callers is released one slot at a time.
 */
export class HostRateLimiter {
  private readonly intervalMs: number;
  /** The next free start time, per host. */
  private readonly nextSlot = new Map<string, number>();

  constructor(
    perSecond: number,
    private readonly clock: () => number = Date.now,
    private readonly sleep: (ms: number) => Promise<void> = defaultSleep,
  ) {
    this.intervalMs = 1000 / perSecond;
  }

  /** Resolves when a request to `host` may start; takes that slot. */
  async take(host: string): Promise<void> {
    const now = this.clock();
    const slot = Math.max(now, this.nextSlot.get(host) ?? now);
    this.nextSlot.set(host, slot + this.intervalMs);
    if (slot > now) await this.sleep(slot - now);
  }

  /** A 429 or Retry-After from `host`: nobody starts a request to it before `untilMs`. */
  holdUntil(host: string, untilMs: number): void {
    if ((this.nextSlot.get(host) ?? 0) < untilMs) this.nextSlot.set(host, untilMs);
  }
}

function defaultSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
