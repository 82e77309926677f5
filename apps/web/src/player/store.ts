import { create } from 'zustand';
import { readJson, STORAGE_KEYS, writeJson } from '../lib/storage';
import {
  clampIndex,
  indexAfterEnd,
  insertAfter,
  moveItem,
  nextPlayMode,
  pickShuffle,
  removeAt,
} from './queue-rules';
import type { PlayerState, PlayMode, QueueItem, StreamQuality } from './types';
import { PLAY_MODES } from './types';

/** Local storage key of the player's saved state (queue, index, position, volume, mute, mode, speed). */
export const PLAYER_STORAGE_KEY = STORAGE_KEYS.player;

export const MIN_RATE = 0.5;
export const MAX_RATE = 3;

interface Saved {
  queue: QueueItem[];
  queueIndex: number;
  position: number;
  volume: number;
  muted: boolean;
  playMode: PlayMode;
  rate: number;
}

function clamp(value: number, min: number, max: number, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;
}

function isQueueItem(value: unknown): value is QueueItem {
  const item = value as QueueItem;
  return (
    !!item &&
    typeof item.hash === 'string' &&
    typeof item.title === 'string' &&
    typeof item.mediaStreamUrl === 'string'
  );
}

export function loadSaved(): Saved {
  const raw = readJson<Partial<Saved> | null>(PLAYER_STORAGE_KEY, null) ?? {};
  const queue = Array.isArray(raw.queue) ? raw.queue.filter(isQueueItem) : [];
  return {
    queue,
    queueIndex: clampIndex(Number(raw.queueIndex), queue.length),
    position: clamp(Number(raw.position), 0, 1e7, 0),
    volume: clamp(Number(raw.volume), 0, 1, 1),
    muted: raw.muted === true,
    playMode: PLAY_MODES.includes(raw.playMode as PlayMode) ? (raw.playMode as PlayMode) : 'order',
    rate: clamp(Number(raw.rate), MIN_RATE, MAX_RATE, 1),
  };
}

export function savePlayer(state: PlayerState): void {
  const saved: Saved = {
    queue: state.queue,
    queueIndex: state.queueIndex,
    position: Math.floor(state.currentTime * 10) / 10,
    volume: state.volume,
    muted: state.muted,
    playMode: state.playMode,
    rate: state.rate,
  };
  writeJson(PLAYER_STORAGE_KEY, saved);
}

export interface PlayerActions {
  setQueue(items: QueueItem[], index: number, startAt?: number): void;
  playNext(item: QueueItem): void;
  enqueue(items: QueueItem[]): void;
  playIndex(index: number): void;
  next(): void;
  previous(): void;
  /** The audio element reached the end of the track: the play mode decides. Returns false when it stops. */
  ended(): boolean;
  remove(index: number): void;
  move(from: number, to: number): void;
  clear(): void;
  cycleMode(): void;
  setVolume(volume: number): void;
  toggleMute(): void;
  setRate(rate: number): void;
  seekTo(time: number): void;
  seekBy(delta: number): void;
  wantPlay(): void;
  wantPause(): void;
  togglePlay(): void;
  consumeIntent(): void;
  /**
   * Reloads the current track at `quality`, from `startAt` (default: where it is); `forSeek` marks the
   * original as a seek's detour, which ends when the low-bitrate copy can take over.
   */
  setQuality(quality: StreamQuality | null, startAt?: number, forSeek?: boolean): void;
  /** Reports from the audio element. */
  reportPlaying(playing: boolean): void;
  reportTime(currentTime: number, buffered?: number): void;
  reportBuffering(buffering: boolean): void;
  reportDuration(duration: number): void;
}

export type PlayerStore = PlayerState & PlayerActions;

function initialState(): PlayerState {
  const saved = loadSaved();
  return {
    queue: saved.queue,
    queueIndex: saved.queueIndex,
    playing: false,
    intent: 'nothing',
    currentTime: saved.position,
    duration: saved.queue[saved.queueIndex]?.duration ?? 0,
    buffered: 0,
    buffering: false,
    volume: saved.volume,
    muted: saved.muted,
    playMode: saved.playMode,
    rate: saved.rate,
    loadNonce: 0,
    startAt: saved.position,
    seek: null,
    shuffled: [],
    qualityOverride: null,
    overrideForSeek: false,
  };
}

/** A fresh track: loads from `startAt`, and plays. */
function load(state: PlayerState, index: number, startAt = 0, play = true): Partial<PlayerState> {
  return {
    queueIndex: index,
    loadNonce: state.loadNonce + 1,
    startAt,
    currentTime: startAt,
    duration: state.queue[index]?.duration ?? 0,
    buffered: 0,
    seek: null,
    qualityOverride: null,
    overrideForSeek: false,
    intent: play ? 'wantPlay' : 'wantPause',
  };
}

export const usePlayerStore = create<PlayerStore>((set, get) => ({
  ...initialState(),

  setQueue: (items, index, startAt = 0) => {
    const queue = [...items];
    const start = clampIndex(index, queue.length);
    set((state) => ({
      queue,
      shuffled: [start],
      ...load({ ...state, queue }, start, startAt, queue.length > 0),
    }));
  },
  playNext: (item) =>
    set((state) => {
      if (state.queue.length === 0)
        return { queue: [item], shuffled: [0], ...load({ ...state, queue: [item] }, 0) };
      return { queue: insertAfter(state.queue, state.queueIndex, item) };
    }),
  enqueue: (items) =>
    set((state) => {
      const queue = [...state.queue, ...items];
      if (state.queue.length === 0 && queue.length > 0)
        return { queue, shuffled: [0], ...load({ ...state, queue }, 0) };
      return { queue };
    }),
  playIndex: (index) =>
    set((state) => {
      if (index < 0 || index >= state.queue.length) return {};
      return { ...load(state, index), shuffled: [...state.shuffled, index] };
    }),
  next: () =>
    set((state) => {
      if (state.playMode === 'shuffle' && state.queue.length > 1) {
        const pick = pickShuffle(state.queue.length, state.queueIndex, state.shuffled);
        return {
          ...load(state, pick.index, 0, state.playing || state.intent === 'wantPlay'),
          shuffled: pick.played,
        };
      }
      if (state.queueIndex + 1 >= state.queue.length) return {};
      return load(state, state.queueIndex + 1, 0, state.playing || state.intent === 'wantPlay');
    }),
  previous: () =>
    set((state) => {
      if (state.queueIndex <= 0) return {};
      return load(state, state.queueIndex - 1, 0, state.playing || state.intent === 'wantPlay');
    }),
  ended: () => {
    const state = get();
    const after = indexAfterEnd(state.playMode, state.queueIndex, state.queue.length, state.shuffled);
    if (after.index === null) {
      set({ intent: 'wantPause', playing: false });
      return false;
    }
    if (after.restart) {
      set({ seek: { time: 0, nonce: (state.seek?.nonce ?? 0) + 1 }, currentTime: 0, intent: 'wantPlay' });
      return true;
    }
    set({ ...load(state, after.index), shuffled: after.played });
    return true;
  },
  remove: (index) =>
    set((state) => {
      const result = removeAt(state.queue, state.queueIndex, index);
      if (result.queue === state.queue) return {};
      const shuffled = state.shuffled.filter((i) => i !== index).map((i) => (i > index ? i - 1 : i));
      if (!result.removedCurrent) return { queue: result.queue, queueIndex: result.index, shuffled };
      return {
        ...load({ ...state, queue: result.queue }, 0, 0, false),
        queue: result.queue,
        shuffled: [],
        playing: false,
        currentTime: 0,
      };
    }),
  move: (from, to) =>
    set((state) => {
      const result = moveItem(state.queue, state.queueIndex, from, to);
      return { queue: result.queue, queueIndex: result.index, shuffled: [result.index] };
    }),
  clear: () =>
    set({
      queue: [],
      queueIndex: 0,
      intent: 'wantPause',
      playing: false,
      currentTime: 0,
      duration: 0,
      buffered: 0,
      startAt: 0,
      shuffled: [],
      seek: null,
    }),
  cycleMode: () => set((state) => ({ playMode: nextPlayMode(state.playMode), shuffled: [state.queueIndex] })),
  setVolume: (volume) => set({ volume: clamp(volume, 0, 1, 1), muted: false }),
  toggleMute: () => set((state) => ({ muted: !state.muted })),
  setRate: (rate) => set({ rate: clamp(rate, MIN_RATE, MAX_RATE, 1) }),
  seekTo: (time) =>
    set((state) => {
      const max = state.duration > 0 ? state.duration : Number.POSITIVE_INFINITY;
      const target = Math.min(max, Math.max(0, time));
      return { seek: { time: target, nonce: (state.seek?.nonce ?? 0) + 1 }, currentTime: target };
    }),
  seekBy: (delta) => get().seekTo(get().currentTime + delta),
  wantPlay: () => set((state) => (state.queue.length > 0 ? { intent: 'wantPlay' } : {})),
  wantPause: () => set({ intent: 'wantPause' }),
  togglePlay: () => (get().playing || get().intent === 'wantPlay' ? get().wantPause() : get().wantPlay()),
  consumeIntent: () => set({ intent: 'nothing' }),
  setQuality: (quality, startAt, forSeek = false) =>
    set((state) => ({
      qualityOverride: quality,
      overrideForSeek: forSeek && quality !== null,
      startAt: startAt ?? state.currentTime,
      currentTime: startAt ?? state.currentTime,
      loadNonce: state.loadNonce + 1,
    })),
  reportPlaying: (playing) => set({ playing }),
  reportBuffering: (buffering) => set((state) => (state.buffering === buffering ? state : { buffering })),
  reportTime: (currentTime, buffered) =>
    set(buffered === undefined ? { currentTime } : { currentTime, buffered }),
  // A low-bitrate stream still being transcoded has no length yet (Infinity): keep the scanned one.
  reportDuration: (duration) =>
    set((state) => ({
      duration:
        Number.isFinite(duration) && duration > 0 ? duration : (state.queue[state.queueIndex]?.duration ?? 0),
    })),
}));

/** Saves the queue and settings whenever they change (the position is saved by the audio element). */
usePlayerStore.subscribe((state, previous) => {
  if (
    state.queue !== previous.queue ||
    state.queueIndex !== previous.queueIndex ||
    state.volume !== previous.volume ||
    state.muted !== previous.muted ||
    state.playMode !== previous.playMode ||
    state.rate !== previous.rate
  ) {
    savePlayer(state);
  }
});
