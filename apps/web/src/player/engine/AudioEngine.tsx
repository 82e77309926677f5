import { useCallback, useEffect, useRef } from 'react';
import { useSleepStore } from '../sleep/sleep-timer';
import { PREFETCH_AHEAD, preferredQuality, prefetchAudio, upcoming, urlFor } from '../sources';
import { usePlayerStore } from '../store';
import type { QueueItem, StreamQuality } from '../types';
import { useSharedConfig } from '../use-shared-config';
import { seekNeedsOriginal } from './seek-plan';
import { useAudioEvents } from './use-audio-events';
import { useMediaSession } from './use-media-session';
import { usePositionSaver } from './use-position-saver';
import { useReturnToLow } from './use-return-to-low';

/** Where the next `loadedmetadata` should put the play head, and whether it should play. */
export interface Pending {
  start: number;
  play: boolean;
}

/**
 * The one `<audio>` element. Components never touch it: they send intents (want play / want pause,
 * seek) through the store, and the element reports its real state back from its events.
 */
export function AudioEngine() {
  const audioRef = useRef<HTMLAudioElement>(null);
  const pending = useRef<Pending>({ start: 0, play: false });
  const loaded = useRef<{ hash: string; nonce: number; src: string } | null>(null);
  const item = usePlayerStore((s) => s.queue[s.queueIndex]);
  const loadNonce = usePlayerStore((s) => s.loadNonce);
  const override = usePlayerStore((s) => s.qualityOverride);
  const { qualityBehavior } = useSharedConfig();
  const quality: StreamQuality = item ? (override ?? preferredQuality(item, qualityBehavior)) : 'original';
  const src = item ? urlFor(item, quality) : '';

  /**
   * Points the element at `src` for the current track and its load counter, starting where the store says
   * (or, for the same load at another URL, where it is now) and playing if it was or is wanted.
   */
  const loadSource = useCallback((item: QueueItem, nonce: number, src: string) => {
    const audio = audioRef.current;
    if (!audio) return;
    const state = usePlayerStore.getState();
    const sameLoad = loaded.current?.hash === item.hash && loaded.current.nonce === nonce;
    const sameTrack = loaded.current?.hash === item.hash;
    const wasPlaying = sameTrack && !audio.paused;
    const keepPlaying = state.intent !== 'wantPause' && sameTrack && (wasPlaying || pending.current.play);
    pending.current = sameLoad
      ? { start: audio.currentTime, play: wasPlaying }
      : { start: state.startAt, play: state.intent === 'wantPlay' || keepPlaying };
    if (state.intent !== 'nothing') state.consumeIntent();
    loaded.current = { hash: item.hash, nonce, src };
    audio.src = src;
    audio.load();
  }, []);

  // (Re)load when the track, its load counter or its URL (quality) changes, unless a seek has already
  // loaded that URL for that load (below).
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    if (!item) {
      loaded.current = null;
      audio.removeAttribute('src');
      audio.load();
      return;
    }
    const done = loaded.current;
    if (done?.hash === item.hash && done.nonce === loadNonce && done.src === src) return;
    loadSource(item, loadNonce, src);
  }, [item, loadNonce, src, loadSource]);

  // Prefetch hints for the tracks after this one while it plays (each URL once per page load).
  const queue = usePlayerStore((s) => s.queue);
  const queueIndex = usePlayerStore((s) => s.queueIndex);
  const playing = usePlayerStore((s) => s.playing);
  useEffect(() => {
    if (playing) prefetchAudio(upcoming(queue, queueIndex + 1, PREFETCH_AHEAD - 1));
  }, [queue, queueIndex, playing]);

  // Intents: want play / want pause.
  useEffect(
    () =>
      usePlayerStore.subscribe((state, previous) => {
        const audio = audioRef.current;
        if (!audio || state.intent === previous.intent || state.intent === 'nothing') return;
        const item = state.queue[state.queueIndex];
        const current =
          !!item && loaded.current?.hash === item.hash && loaded.current.nonce === state.loadNonce;
        // A track about to load takes its intent when it loads.
        if (!current && state.intent === 'wantPlay') return;
        if (state.intent === 'wantPlay') {
          if (audio.readyState >= 1) play(audio);
          else pending.current.play = true;
        } else {
          pending.current.play = false;
          audio.pause();
        }
        state.consumeIntent();
      }),
    [],
  );

  // Seeks, volume (with the sleep timer's fade), mute and speed.
  const volume = usePlayerStore((s) => s.volume);
  const muted = usePlayerStore((s) => s.muted);
  const rate = usePlayerStore((s) => s.rate);
  const fade = useSleepStore((s) => s.fade);
  const qualityRef = useRef(quality);
  qualityRef.current = quality;
  // Seeks as the store takes them, not in an effect after React has rendered the player: a seek that
  // needs the original loads it in the task of the click that asked (the render was 70 ms of a quiet
  // seek's first second on a desktop, more on a loaded phone).
  useEffect(
    () =>
      usePlayerStore.subscribe((state, previous) => {
        const audio = audioRef.current;
        const { seek } = state;
        if (!audio || !seek || seek === previous.seek) return;
        const item = state.queue[state.queueIndex];
        if (audio.readyState < 1 || !item) pending.current.start = seek.time;
        // Past what a growing low-bitrate stream has: the original from there at once (the seek's time, not
        // the store's, which the element's last time report may have moved back), until the finished copy
        // can take over at a quiet moment (use-return-to-low.ts) or the next track.
        else if (seekNeedsOriginal(audio, qualityRef.current, seek.time)) {
          state.setQuality('original', seek.time, true);
          loadSource(item, usePlayerStore.getState().loadNonce, urlFor(item, 'original'));
        } else audio.currentTime = seek.time;
      }),
    [loadSource],
  );
  useEffect(() => {
    if (audioRef.current) audioRef.current.volume = Math.min(1, Math.max(0, volume * fade));
  }, [volume, fade]);
  useEffect(() => {
    if (audioRef.current) audioRef.current.muted = muted;
  }, [muted]);
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.defaultPlaybackRate = rate;
    audio.playbackRate = rate;
  }, [rate]);

  useAudioEvents(audioRef, pending, quality);
  usePositionSaver(audioRef);
  useReturnToLow(audioRef);
  useMediaSession(audioRef, item);

  // biome-ignore lint/a11y/useMediaCaption: subtitles show in the lyrics bar, the lyrics view and picture-in-picture.
  return <audio ref={audioRef} preload="auto" data-testid="player-audio" hidden />;
}

/** play(), with the rejections that are not failures (autoplay refused, interrupted by a new load) kept quiet. */
export function play(audio: HTMLAudioElement): void {
  audio.play().catch((error: DOMException) => {
    if (error?.name === 'NotAllowedError') usePlayerStore.getState().reportPlaying(false);
    else if (error?.name !== 'AbortError') console.warn('play() failed', error);
  });
}
