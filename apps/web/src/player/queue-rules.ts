import { reorder } from '../lib/use-drag-reorder';
import type { PlayMode, QueueItem } from './types';
import { PLAY_MODES } from './types';

/** Pure queue rules (spec section 4); the store applies them. */

export function nextPlayMode(mode: PlayMode): PlayMode {
  return PLAY_MODES[(PLAY_MODES.indexOf(mode) + 1) % PLAY_MODES.length] ?? 'order';
}

export function clampIndex(index: number, length: number): number {
  if (length === 0) return 0;
  return Math.min(Math.max(0, Math.trunc(index) || 0), length - 1);
}

/** Removing the current item resets the index to 0; removing an earlier one decrements it. */
export function removeAt(
  queue: QueueItem[],
  index: number,
  removed: number,
): { queue: QueueItem[]; index: number; removedCurrent: boolean } {
  if (removed < 0 || removed >= queue.length) return { queue, index, removedCurrent: false };
  const next = queue.filter((_, i) => i !== removed);
  if (removed === index) return { queue: next, index: 0, removedCurrent: true };
  return { queue: next, index: removed < index ? index - 1 : index, removedCurrent: false };
}

/** Moves an item (drag and drop); the current track stays current. */
export function moveItem(
  queue: QueueItem[],
  index: number,
  from: number,
  to: number,
): { queue: QueueItem[]; index: number } {
  if (from === to || from < 0 || to < 0 || from >= queue.length || to >= queue.length)
    return { queue, index };
  const next = reorder(queue, from, to);
  let current = index;
  if (from === index) current = to;
  else if (from < index && to >= index) current = index - 1;
  else if (from > index && to <= index) current = index + 1;
  return { queue: next, index: current };
}

/** Inserts after the current item (play next). */
export function insertAfter(queue: QueueItem[], index: number, item: QueueItem): QueueItem[] {
  if (queue.length === 0) return [item];
  const next = [...queue];
  next.splice(index + 1, 0, item);
  return next;
}

/**
 * A random index not yet played in this shuffle round. When every index has been played the round is
 * exhausted: a new round starts (avoiding an immediate repeat of the current track when possible).
 */
export function pickShuffle(
  length: number,
  current: number,
  played: number[],
  random: () => number = Math.random,
): { index: number; played: number[]; newRound: boolean } {
  if (length === 0) return { index: 0, played: [], newRound: false };
  const seen = new Set(played.filter((i) => i < length));
  seen.add(current);
  let candidates = [...Array(length).keys()].filter((i) => !seen.has(i));
  let newRound = false;
  let base: number[] = [...seen];
  if (candidates.length === 0) {
    newRound = true;
    base = [];
    candidates = length > 1 ? [...Array(length).keys()].filter((i) => i !== current) : [current];
  }
  const index = candidates[Math.min(candidates.length - 1, Math.floor(random() * candidates.length))] ?? 0;
  return { index, played: [...base, index], newRound };
}

/** What happens when a track ends, by mode: the index to play, or null to stop. */
export function indexAfterEnd(
  mode: PlayMode,
  index: number,
  length: number,
  played: number[],
  random: () => number = Math.random,
): { index: number | null; played: number[]; restart?: boolean; wrapped?: boolean } {
  if (length === 0) return { index: null, played };
  switch (mode) {
    case 'repeat once':
      return { index, played, restart: true };
    case 'all repeat':
      return index + 1 < length ? { index: index + 1, played } : { index: 0, played, wrapped: true };
    case 'shuffle': {
      const pick = pickShuffle(length, index, played, random);
      return { index: pick.index, played: pick.played, wrapped: pick.newRound };
    }
    default:
      return index + 1 < length ? { index: index + 1, played } : { index: null, played };
  }
}

/** The seconds of a stream URL's position in a queue item's hash: `<workId>/<fileId>`. */
export function fileIdOf(hash: string): string {
  const slash = hash.indexOf('/');
  return slash < 0 ? hash : hash.slice(slash + 1);
}

export function workIdOf(hash: string): string {
  const slash = hash.indexOf('/');
  return slash < 0 ? hash : hash.slice(0, slash);
}
