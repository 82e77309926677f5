import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * A read the app's entry started before the app's code arrived (main.tsx, app/start-up-reads.ts): the
 * query it answers and the answer to come. The query library is not in the entry (it would delay these
 * requests by its own download), so the reads join the query cache later, in `adoptStartUpReads`.
 */
export interface StartUpRead {
  queryKey: QueryKey;
  staleTime: number;
  data: Promise<unknown>;
}

export function startUpRead(queryKey: QueryKey, staleTime: number, data: Promise<unknown>): StartUpRead {
  // A failure is the adopting query's to report: until then it is no unhandled rejection.
  data.catch(() => undefined);
  return { queryKey, staleTime, data };
}

/**
 * Hands the started reads to the query cache once the app's code is in, before the first render: the
 * screens' queries of the same keys find them fetching (or fetched) instead of asking again.
 */
export function adoptStartUpReads(client: QueryClient, reads: readonly StartUpRead[]): void {
  for (const { queryKey, staleTime, data } of reads) {
    void client.prefetchQuery({ queryKey, queryFn: () => data, staleTime });
  }
}
