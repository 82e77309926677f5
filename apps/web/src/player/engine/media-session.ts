import { mediaUrl } from '../../api/client';
import type { QueueItem } from '../types';

/**
 * Media Session (lock screen, headset keys): every call is guarded, because some browsers lack an action
 * or throw on it (an Android WebView could not open the ecosystem's player at all).
 */
type Handlers = Partial<Record<MediaSessionAction, MediaSessionActionHandler>>;

function session(): MediaSession | null {
  try {
    return typeof navigator !== 'undefined' && 'mediaSession' in navigator ? navigator.mediaSession : null;
  } catch {
    return null;
  }
}

export function setMetadata(item: QueueItem | undefined): void {
  const media = session();
  if (!media) return;
  try {
    if (!item || typeof MediaMetadata === 'undefined') {
      media.metadata = null;
      return;
    }
    const src = new URL(mediaUrl(item.coverUrl), window.location.href).href;
    media.metadata = new MediaMetadata({
      title: item.title,
      album: item.workTitle,
      artist: item.circleName ?? item.sourceId,
      artwork: [{ src, sizes: '512x512' }],
    });
  } catch (error) {
    console.warn('media session metadata', error);
  }
}

export function setHandlers(handlers: Handlers): () => void {
  const media = session();
  if (!media) return () => {};
  const set: MediaSessionAction[] = [];
  for (const [action, handler] of Object.entries(handlers) as [
    MediaSessionAction,
    MediaSessionActionHandler,
  ][]) {
    try {
      media.setActionHandler(action, handler);
      set.push(action);
    } catch {
      // This browser does not know the action.
    }
  }
  return () => {
    for (const action of set) {
      try {
        media.setActionHandler(action, null);
      } catch {
        // Ignore.
      }
    }
  };
}

/**
 * The lock screen's position: the element's length, or `knownDuration` (the scanned one) while the
 * element has none (a low-bitrate stream still being transcoded reports Infinity).
 */
export function setPositionState(audio: HTMLAudioElement, knownDuration?: number): void {
  const media = session();
  if (!media || typeof media.setPositionState !== 'function') return;
  try {
    const duration = Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : knownDuration;
    if (duration === undefined || !Number.isFinite(duration) || duration <= 0) return;
    media.setPositionState({
      duration,
      playbackRate: audio.playbackRate || 1,
      position: Math.min(duration, Math.max(0, audio.currentTime)),
    });
  } catch {
    // Some browsers reject position states.
  }
}

export function setPlaybackState(playing: boolean): void {
  const media = session();
  if (!media) return;
  try {
    media.playbackState = playing ? 'playing' : 'paused';
  } catch {
    // Ignore.
  }
}
