import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';

/**
 * Server state: short freshness (the library changes under scans), no retries for answers the server
 * gave on purpose (4xx), a couple for network trouble.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      gcTime: 5 * 60_000,
      refetchOnWindowFocus: false,
      retry: (count, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
  },
});
