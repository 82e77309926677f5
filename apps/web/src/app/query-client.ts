import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';

/** Back-off between retries of a failed read: 1 s, 2 s, 4 s … at most 30 s. */
const MAX_RETRY_DELAY_MS = 30_000;

/**
 * Whether a failed read is tried again: once after a 429 (the retry waits for its `Retry-After` in the
 * API client, so it is not sent before), never after other answers the server gave on purpose (4xx),
 * twice after 5xx and network trouble.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.isRateLimited) return failureCount < 1;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** 0 after a 429 (the client already waits for the server's time), else an exponential back-off. */
export function retryDelay(failureCount: number, error: unknown): number {
  if (error instanceof ApiError && error.isRateLimited) return 0;
  return Math.min(MAX_RETRY_DELAY_MS, 1000 * 2 ** failureCount);
}

/** Server state: short freshness (the library changes under scans), and the retry policy above. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      gcTime: 5 * 60_000,
      refetchOnWindowFocus: false,
      retry: shouldRetry,
      retryDelay,
    },
  },
});
