/**
 * Runs `task` over `items` with at most `limit` running at once, in order of starting. Stops starting
 * new ones once `signal` aborts; tasks already running finish (or stop at their own checkpoints).
 */
export async function forEachBounded<T>(
  items: readonly T[],
  limit: number,
  signal: AbortSignal,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length && !signal.aborted) {
      const item = items[next++] as T;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}
