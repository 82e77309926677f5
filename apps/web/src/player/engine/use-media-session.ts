import { type RefObject, useEffect } from 'react';
import { readSharedConfig } from '../../lib/shared-config';
import { usePlayerStore } from '../store';
import type { QueueItem } from '../types';
import { setHandlers, setMetadata, setPlaybackState, setPositionState } from './media-session';

/** Media Session: metadata with artwork, the actions, and the position state on every seek and rate change. */
export function useMediaSession(audioRef: RefObject<HTMLAudioElement | null>, item: QueueItem | undefined) {
  useEffect(() => setMetadata(item), [item]);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    const store = usePlayerStore.getState;
    const removeHandlers = setHandlers({
      play: () => store().wantPlay(),
      pause: () => store().wantPause(),
      previoustrack: () => store().previous(),
      nexttrack: () => store().next(),
      seekbackward: (details) => store().seekBy(-(details.seekOffset ?? readSharedConfig().rewindSeekTime)),
      seekforward: (details) => store().seekBy(details.seekOffset ?? readSharedConfig().forwardSeekTime),
      seekto: (details) => {
        if (details.seekTime !== undefined) store().seekTo(details.seekTime);
      },
    });
    const position = () => {
      const state = store();
      setPositionState(audio, state.queue[state.queueIndex]?.duration);
    };
    const playing = () => setPlaybackState(!audio.paused);
    const events = ['loadedmetadata', 'seeked', 'ratechange', 'durationchange'];
    for (const name of events) audio.addEventListener(name, position);
    audio.addEventListener('play', playing);
    audio.addEventListener('pause', playing);
    return () => {
      removeHandlers();
      for (const name of events) audio.removeEventListener(name, position);
      audio.removeEventListener('play', playing);
      audio.removeEventListener('pause', playing);
    };
  }, [audioRef]);
}
