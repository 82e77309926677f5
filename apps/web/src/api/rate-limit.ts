/**
 * The server's 429 as one shared pause: once a read is answered "too many requests", no read goes out
 * until its `Retry-After` has passed, and those asked meanwhile wait for it instead of hitting the server
 * (and each answering 429 again, in a loop). The app shell shows the wait (RateLimitNotice).
 */

/** When a 429 names no usable `Retry-After`: the guest's budget is counted per minute. */
export const DEFAULT_RETRY_AFTER_S = 30;
/** Never wait longer than this on one answer, whatever a proxy in between says. */
const MAX_RETRY_AFTER_S = 600;

let limitedUntil = 0;
const listeners = new Set<() => void>();

/**
 * Seconds to wait from a `Retry-After` header: delta seconds or an HTTP date (RFC 9110 section 10.2.3),
 * at least 1, at most 10 minutes; the default when absent or unreadable.
 */
export function parseRetryAfter(header: string | null, now = Date.now()): number {
  const value = header?.trim() ?? '';
  let seconds = Number.NaN;
  if (/^\d+$/.test(value)) seconds = Number(value);
  else if (value) seconds = Math.ceil((Date.parse(value) - now) / 1000);
  if (!Number.isFinite(seconds)) return DEFAULT_RETRY_AFTER_S;
  return Math.min(MAX_RETRY_AFTER_S, Math.max(1, seconds));
}

/** The epoch milliseconds until which reads wait (0 or past: not limited). */
export function rateLimitedUntil(): number {
  return limitedUntil;
}

/** A 429 came back: reads wait `seconds` from now (a later end wins over an earlier one). */
export function noteRateLimit(seconds: number, now = Date.now()): void {
  const until = now + seconds * 1000;
  if (until <= limitedUntil) return;
  limitedUntil = until;
  for (const listener of listeners) listener();
}

/** Called with no argument whenever the end of the pause moves. */
export function subscribeRateLimit(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Resolves once the pause is over (at once when there is none); rejects with the signal's reason when it
 * aborts first. A pause extended meanwhile is waited for too.
 */
export async function waitForRateLimit(signal?: AbortSignal): Promise<void> {
  for (let wait = limitedUntil - Date.now(); wait > 0; wait = limitedUntil - Date.now()) {
    await new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const done = () => {
        signal?.removeEventListener('abort', aborted);
        resolve();
      };
      const timer = setTimeout(done, wait);
      const aborted = () => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', aborted, { once: true });
    });
  }
}

/** Forgets the pause (tests). */
export function resetRateLimit(): void {
  limitedUntil = 0;
  for (const listener of listeners) listener();
}
