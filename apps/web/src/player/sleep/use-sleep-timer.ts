import i18next from 'i18next';
import { useEffect } from 'react';
import { notifyInfo } from '../../lib/notify';
import { saveResumePoint } from '../resume-points';
import { usePlayerStore } from '../store';
import {
  fadeFactor,
  isEndOfQueue,
  remainingSeconds,
  SLEEP_NOTICE_MS,
  SLEEP_REWIND_SECONDS,
  useSleepStore,
} from './sleep-timer';

function shuffleExhausted(): boolean {
  const { shuffled, queue } = usePlayerStore.getState();
  return new Set(shuffled).size >= queue.length;
}

/**
 * The timer fires: pause, clear the timer, and put the play head a minute before where the listener
 * fell asleep (saved as the resume point too), with a 5 s notice.
 */
export function fireSleepTimer(atTrackEnd = false): void {
  const player = usePlayerStore.getState();
  const item = player.queue[player.queueIndex];
  // At a track's end the element has already reported its pause.
  const wasPlaying = atTrackEnd || player.playing || player.intent === 'wantPlay';
  player.wantPause();
  useSleepStore.getState().set(null);
  if (item && wasPlaying) {
    const stoppedAt = atTrackEnd ? Math.max(player.currentTime, player.duration) : player.currentTime;
    const resumeAt = Math.max(0, stoppedAt - SLEEP_REWIND_SECONDS);
    player.seekTo(resumeAt);
    useSleepStore.setState({ fired: { hash: item.hash, stoppedAt, resumeAt } });
    void saveResumePoint(item.hash, resumeAt, player.duration || item.duration || null);
  }
  notifyInfo(i18next.t('player.sleep.fired'), SLEEP_NOTICE_MS);
}

/** At a track's end: an end-of-track (or end-of-queue, at the queue's end) timer fires instead of moving on. */
export function handleSleepAtTrackEnd(): boolean {
  const timer = useSleepStore.getState().timer;
  if (!timer || timer.deadline !== null) return false;
  const player = usePlayerStore.getState();
  if (timer.kind === 'endOfTrack' || isEndOfQueue(player, shuffleExhausted())) {
    fireSleepTimer(true);
    return true;
  }
  return false;
}

/** One tick: the countdown, the fade-out, and firing a timed timer. */
export function tickSleepTimer(now = Date.now()): void {
  const { timer } = useSleepStore.getState();
  if (!timer) {
    if (useSleepStore.getState().fade !== 1) useSleepStore.setState({ fade: 1, remaining: null });
    return;
  }
  const player = usePlayerStore.getState();
  const lastOfShuffle = timer.kind === 'endOfQueue' && player.playMode === 'shuffle' && shuffleExhausted();
  const remaining = remainingSeconds(lastOfShuffle ? { ...timer, kind: 'endOfTrack' } : timer, now, player);
  useSleepStore.setState({ remaining, fade: player.playing ? fadeFactor(remaining) : 1 });
  if (timer.deadline !== null && remaining !== null && remaining <= 0) fireSleepTimer();
}

/** Runs the timer while the player is mounted. */
export function useSleepTimer(): void {
  useEffect(() => {
    tickSleepTimer();
    const interval = setInterval(() => tickSleepTimer(), 1_000);
    return () => clearInterval(interval);
  }, []);
}
