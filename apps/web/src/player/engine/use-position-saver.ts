import { type RefObject, useEffect } from 'react';
import { saveResumePoint } from '../resume-points';
import { savePlayer, usePlayerStore } from '../store';

/** Local save of the position at most this often (ms) while playing. */
const LOCAL_EVERY_MS = 2_000;
/** Server save (contract 5b) at most this often while playing, and on pause. */
const SERVER_EVERY_MS = 10_000;

/**
 * Persistence of the position: local storage every couple of seconds and when the page hides; the
 * resume point (server for users, this browser for the guest) every ~10 s, on pause and on track change.
 */
export function usePositionSaver(audioRef: RefObject<HTMLAudioElement | null>) {
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    let lastLocal = 0;
    let lastServer = Date.now();
    let current: string | null = null;
    const resume = () => {
      const state = usePlayerStore.getState();
      const item = state.queue[state.queueIndex];
      if (!item || audio.currentTime <= 0) return;
      lastServer = Date.now();
      const duration = Number.isFinite(audio.duration) ? audio.duration : (item.duration ?? null);
      void saveResumePoint(item.hash, audio.currentTime, duration);
    };
    const onTime = () => {
      const now = Date.now();
      if (now - lastLocal >= LOCAL_EVERY_MS) {
        lastLocal = now;
        savePlayer(usePlayerStore.getState());
      }
      if (!audio.paused && now - lastServer >= SERVER_EVERY_MS) resume();
    };
    const onPause = () => {
      savePlayer(usePlayerStore.getState());
      if (!audio.ended) resume();
    };
    const onHide = () => {
      if (document.visibilityState === 'hidden' || !document.hidden) savePlayer(usePlayerStore.getState());
    };
    const unsubscribe = usePlayerStore.subscribe((state, previous) => {
      const hash = state.queue[state.queueIndex]?.hash ?? null;
      if (hash !== current) current = hash;
      else if (state.seek !== previous.seek) lastLocal = 0;
    });
    audio.addEventListener('timeupdate', onTime);
    audio.addEventListener('pause', onPause);
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      unsubscribe();
      audio.removeEventListener('timeupdate', onTime);
      audio.removeEventListener('pause', onPause);
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onHide);
    };
  }, [audioRef]);
}
