import { useQuery } from '@tanstack/react-query';
import { usePlayerActivation } from './activation';
import { fetchResumePoint, type ResumePoint, resumeQueryKey } from './resume-points';
import { prefetchAudio, upcoming } from './sources';
import { usePlayerStore } from './store';
import type { PlayerState, QueueItem } from './types';

export type { ResumePoint } from './resume-points';
export { prefetchAudio } from './sources';
/**
 * The player's public face for the rest of the app (the work page, the favourites history). Small on
 * purpose: the work page imports it eagerly, while the player's UI stays in the lazy PlayerRoot chunk.
 */
export type { PlayerState, PlayMode, QueueItem } from './types';

/** Replaces the queue with `items` and plays `items[startIndex]` (from `position` seconds when given). */
export function playTracks(
  items: QueueItem[],
  startIndex: number,
  options: { position?: number } = {},
): void {
  if (items.length === 0) return;
  usePlayerActivation.getState().activate();
  usePlayerStore.getState().setQueue(items, startIndex, options.position ?? 0);
  prefetchAudio(upcoming(items, startIndex));
}

/** Inserts `item` right after the current item (plays it now when the queue is empty). */
export function playNext(item: QueueItem): void {
  usePlayerActivation.getState().activate();
  usePlayerStore.getState().playNext(item);
  prefetchAudio([item]);
}

/** Appends `items` to the queue (starts playing when the queue was empty). */
export function enqueue(items: QueueItem[]): void {
  if (items.length === 0) return;
  usePlayerActivation.getState().activate();
  usePlayerStore.getState().enqueue(items);
}

/** Play or pause the current track (the tree's round button on the current file). */
export function togglePlayback(): void {
  usePlayerStore.getState().togglePlay();
}

/** A read-only view of the player's state, e.g. `usePlayerState((s) => s.queue[s.queueIndex]?.hash)`. */
export function usePlayerState<T>(selector: (state: PlayerState) => T): T {
  return usePlayerStore(selector);
}

/**
 * Where the listener stopped in a work ('resume at 12:34 in track 3'): the server's record for
 * signed-in users, this browser's for the guest. Null while loading or when there is none.
 */
export function useResumePoint(workId: number | null | undefined): ResumePoint | null {
  const query = useQuery({
    queryKey: resumeQueryKey(workId ?? 'none'),
    queryFn: () => fetchResumePoint(workId as number),
    enabled: workId !== null && workId !== undefined,
    staleTime: 0,
  });
  return query.data ?? null;
}
