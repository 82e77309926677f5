import { create } from 'zustand';
import { readJson, readString, STORAGE_KEYS, writeJson, writeString } from '../../lib/storage';
import type { PlayMode, QueueItem } from '../types';

/**
 * The sleep timer (spec sections 3 and 4): a time of day HH:MM kept in session storage `sleepTime` and
 * `sleepMode`, as the ecosystem does; also 'in N minutes' (kept as its deadline, and as HH:MM in
 * `sleepTime`), 'at the end of this track' and 'at the end of the queue'.
 */
export type SleepKind = 'clock' | 'minutes' | 'endOfTrack' | 'endOfQueue';

export interface SleepTimer {
  kind: SleepKind;
  /** Epoch milliseconds for `clock` and `minutes`. */
  deadline: number | null;
}

/** Volume fades to silence over the last 30 seconds. */
export const FADE_SECONDS = 30;
/** When the timer fires, the next play starts a minute before the listener fell asleep. */
export const SLEEP_REWIND_SECONDS = 60;
/** Spec section 9: the sleep timer's notification lasts 5 s. */
export const SLEEP_NOTICE_MS = 5_000;
const KIND_KEY = 'sasayaki.sleepKind';

export function pad(value: number): string {
  return String(value).padStart(2, '0');
}

export function formatClock(epoch: number): string {
  const date = new Date(epoch);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The next moment the clock shows HH:MM: today, or tomorrow when that minute has passed. */
export function clockDeadline(hhmm: string, now: number): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(hhmm.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  const date = new Date(now);
  date.setHours(hours, minutes, 0, 0);
  if (date.getTime() <= now) date.setDate(date.getDate() + 1);
  return date.getTime();
}

export function readSleepTimer(now = Date.now()): SleepTimer | null {
  if (readJson<boolean>(STORAGE_KEYS.sleepMode, false, 'session') !== true) return null;
  const stored = readJson<{ kind?: SleepKind; deadline?: number } | null>(KIND_KEY, null, 'session');
  const kind = stored?.kind ?? 'clock';
  if (kind === 'endOfTrack' || kind === 'endOfQueue') return { kind, deadline: null };
  if (kind === 'minutes' && typeof stored?.deadline === 'number') return { kind, deadline: stored.deadline };
  const time =
    readJson<string | null>(STORAGE_KEYS.sleepTime, null, 'session') ??
    readString(STORAGE_KEYS.sleepTime, 'session');
  const deadline = time ? clockDeadline(time, now - 60_000) : null;
  return deadline === null ? null : { kind: 'clock', deadline };
}

export function writeSleepTimer(timer: SleepTimer | null): void {
  writeJson(STORAGE_KEYS.sleepMode, timer !== null, 'session');
  writeJson(STORAGE_KEYS.sleepTime, timer?.deadline ? formatClock(timer.deadline) : null, 'session');
  if (timer) writeJson(KIND_KEY, timer, 'session');
  else writeString(KIND_KEY, null, 'session');
}

interface PlayerView {
  currentTime: number;
  duration: number;
  rate: number;
  queue: QueueItem[];
  queueIndex: number;
  playMode: PlayMode;
}

/** Seconds of listening left before the timer fires, or null when unknown (no duration yet). */
export function remainingSeconds(timer: SleepTimer, now: number, player: PlayerView): number | null {
  if (timer.deadline !== null) return Math.max(0, (timer.deadline - now) / 1000);
  const rate = player.rate > 0 ? player.rate : 1;
  const duration = player.duration || player.queue[player.queueIndex]?.duration || 0;
  if (!duration) return null;
  const left = Math.max(0, duration - player.currentTime);
  if (timer.kind === 'endOfTrack' || player.playMode === 'repeat once') return left / rate;
  if (player.playMode === 'shuffle') return null;
  const after = player.queue
    .slice(player.queueIndex + 1)
    .reduce((sum, item) => sum + (item.duration ?? 0), 0);
  return (left + after) / rate;
}

/** Volume multiplier: 1 until the last 30 s, then linearly down to 0. */
export function fadeFactor(remaining: number | null): number {
  if (remaining === null || remaining >= FADE_SECONDS) return 1;
  return Math.max(0, remaining / FADE_SECONDS);
}

/** Whether the end of the current track is where an end-of-queue timer fires. */
export function isEndOfQueue(player: PlayerView, shuffleExhausted: boolean): boolean {
  if (player.playMode === 'repeat once') return true;
  if (player.playMode === 'shuffle') return shuffleExhausted;
  return player.queueIndex >= player.queue.length - 1;
}

interface SleepState {
  timer: SleepTimer | null;
  /** The fade multiplier the audio element applies to the volume. */
  fade: number;
  /** Set when the timer fired: where playback stopped and where the next play starts. */
  fired: { hash: string; stoppedAt: number; resumeAt: number } | null;
  /** Seconds left (the visible countdown), or null when unknown. */
  remaining: number | null;
  set(timer: SleepTimer | null): void;
}

export const useSleepStore = create<SleepState>((set) => ({
  timer: typeof window === 'undefined' ? null : readSleepTimer(),
  fade: 1,
  fired: null,
  remaining: null,
  set: (timer) => {
    writeSleepTimer(timer);
    // A timed timer's countdown is known at once: left unknown until the next tick, the badge said
    // "Stops after the queue" for a second.
    const remaining = timer?.deadline ? Math.max(0, (timer.deadline - Date.now()) / 1000) : null;
    set({ timer, fade: 1, remaining, ...(timer ? { fired: null } : {}) });
  },
}));
