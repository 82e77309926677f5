import type { QueueItem, StreamQuality } from '../types';

/**
 * What to do when a stream fails (error, or stalled past the timeout): retry once, then the other
 * quality when the file has one, then skip to the next track.
 */
export type RecoveryStep =
  | { action: 'retry' }
  | { action: 'switch'; quality: StreamQuality }
  | { action: 'skip' };

export interface RecoveryState {
  hash: string;
  retried: boolean;
  switched: boolean;
}

export function nextRecoveryStep(
  state: RecoveryState,
  item: QueueItem,
  current: StreamQuality,
): { step: RecoveryStep; state: RecoveryState } {
  if (!state.retried) return { step: { action: 'retry' }, state: { ...state, retried: true } };
  const other: StreamQuality = current === 'low' ? 'original' : 'low';
  const hasOther = other === 'original' || !!item.streamLowQualityUrl;
  if (!state.switched && hasOther) {
    return {
      step: { action: 'switch', quality: other },
      state: { ...state, switched: true, retried: false },
    };
  }
  return { step: { action: 'skip' }, state };
}

/** Seconds a stream may stall (waiting without progress while it should play) before it counts as failed. */
export const STALL_TIMEOUT_MS = 15_000;

/**
 * How long a low-bitrate stream may take to report its metadata before the player gives up on it and
 * plays the original: a transcode queued behind others' slots, or a stream a browser cannot start while
 * it grows (the server sends unfinished WebM and fragmented M4A without a length or ranges), would
 * otherwise keep the listener in silence.
 */
export const LOW_LOAD_TIMEOUT_MS = 10_000;
