import type { PlaybackState } from '@sasayaki/api-contract';
import { useQuery } from '@tanstack/react-query';
import { type ResumeMode, readSharedConfig } from '../lib/shared-config';
import { usePlayerActivation } from './activation';
import {
  fetchResumeState,
  isResumable,
  pickResumePoint,
  type ResumePoint,
  resumeQueryKey,
} from './resume-points';
import { prefetchAudio, upcoming } from './sources';
import { usePlayerStore } from './store';
import type { PlayerState, QueueItem } from './types';

export { fileIdOf } from './queue-rules';
export { isResumable, type ResumePoint } from './resume-points';
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
 * Every position the listener saved in a work, by file id: the server's record for signed-in users (from
 * any device), this browser's for the guest. Asked again each time a work page mounts.
 */
export function useResumeState(workId: number | null | undefined): PlaybackState | null {
  const query = useQuery({
    queryKey: resumeQueryKey(workId ?? 'none'),
    queryFn: () => fetchResumeState(workId as number),
    enabled: workId !== null && workId !== undefined,
    staleTime: 0,
  });
  return query.data ?? null;
}

/** Where the listener stopped in a work ('resume track 3 at 12:34'), or null (none, or still loading). */
export function useResumePoint(workId: number | null | undefined): ResumePoint | null {
  const point = pickResumePoint(workId ?? 0, useResumeState(workId));
  return point && isResumable(point.position, point.duration) ? point : null;
}

/** What starting a track does about its saved position: the setting decides, when there is one. */
export type StartChoice = { kind: 'fromStart' } | { kind: 'resume' | 'ask'; position: number };

export function startChoice(
  mode: ResumeMode,
  saved: { position: number; duration: number | null } | null,
): StartChoice {
  if (!saved || !isResumable(saved.position, saved.duration) || mode === 'never')
    return { kind: 'fromStart' };
  return { kind: mode === 'always' ? 'resume' : 'ask', position: saved.position };
}

/** The choice for starting a file of a work now, from the work's saved positions and the setting. */
export function startChoiceFor(state: PlaybackState | null, fileId: string): StartChoice {
  return startChoice(readSharedConfig().resumeMode, state?.files[fileId] ?? null);
}
