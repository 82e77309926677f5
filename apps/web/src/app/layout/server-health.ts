import { noteRateLimit, parseRetryAfter } from '../../api/rate-limit';

/** Spec section 9: the health request gives up after 5 s. */
const HEALTH_TIMEOUT_MS = 5_000;

/**
 * Whether the server answers `/api/health` (NetworkGate asks at start and while it shows the network
 * screen). A 429 is an answer: the server, or a proxy before it, is there and asks to wait. It goes to the
 * shared pause (api/rate-limit.ts), so the rate-limit notice shows its seconds and reads wait for them,
 * exactly as after a read's 429; taken for "down", it covered the first load of a guest over their limit
 * with the network screen and its 1, 2, 4 s polls instead of the tip and the seconds to wait. A 5xx or no
 * answer is down.
 */
export async function serverAnswers(): Promise<boolean> {
  try {
    const response = await fetch('/api/health', {
      signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
      cache: 'no-store',
    });
    if (response.status === 429) noteRateLimit(parseRetryAfter(response.headers.get('retry-after')));
    return response.ok || response.status === 429;
  } catch {
    return false;
  }
}
