import { type RefObject, useEffect } from 'react';
import { saveResumePoint } from '../resume-points';
import { savePlayer, usePlayerStore } from '../store';

/** Local save of the position at most this often (ms) while playing. */
const LOCAL_EVERY_MS = 2_000;
/**
 * Server save (contract 5b) at most this often while playing: another device opening the work a few
 * seconds later finds where this one is. One small upsert per listener every 5 s is cheap.
 */
const SERVER_EVERY_MS = 5_000;

/**
 * Persistence of the position: local storage every couple of seconds and when the page hides; the
 * resume point (server for users, this browser for the guest) every 5 s while playing, on pause, when
 * the track changes, and when the page hides or unloads (a keepalive request that outlives the page).
 */
export function usePositionSaver(audioRef: RefObject<HTMLAudioElement | null>) {
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    let lastLocal = 0;
    let lastServer = Date.now();
    // The last position sent, so pause then page hide (or hide then unload) send it once.
    let lastSent = '';
    const resume = (keepalive = false) => {
      const state = usePlayerStore.getState();
      const item = state.queue[state.queueIndex];
      if (!item || audio.currentTime <= 0) return;
      lastServer = Date.now();
      const sent = `${item.hash}@${audio.currentTime.toFixed(1)}`;
      if (sent === lastSent) return;
      lastSent = sent;
      const duration = Number.isFinite(audio.duration) ? audio.duration : (item.duration ?? null);
      void saveResumePoint(item.hash, audio.currentTime, duration, { keepalive });
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
      if (document.visibilityState !== 'hidden') return;
      savePlayer(usePlayerStore.getState());
      resume(true);
    };
    const onUnload = () => {
      savePlayer(usePlayerStore.getState());
      resume(true);
    };
    const unsubscribe = usePlayerStore.subscribe((state, previous) => {
      const hash = state.queue[state.queueIndex]?.hash ?? null;
      const before = previous.queue[previous.queueIndex];
      // Leaving a track part-way (next, a tap on another): where it was left is its resume point.
      if (
        before &&
        hash !== before.hash &&
        previous.currentTime > 0 &&
        state.loadNonce !== previous.loadNonce
      )
        void saveResumePoint(before.hash, previous.currentTime, previous.duration || before.duration || null);
      else if (state.seek !== previous.seek) lastLocal = 0;
    });
    audio.addEventListener('timeupdate', onTime);
    audio.addEventListener('pause', onPause);
    window.addEventListener('pagehide', onUnload);
    window.addEventListener('beforeunload', onUnload);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      unsubscribe();
      audio.removeEventListener('timeupdate', onTime);
      audio.removeEventListener('pause', onPause);
      window.removeEventListener('pagehide', onUnload);
      window.removeEventListener('beforeunload', onUnload);
      document.removeEventListener('visibilitychange', onHide);
    };
  }, [audioRef]);
}
