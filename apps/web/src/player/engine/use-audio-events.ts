import i18next from 'i18next';
import { type RefObject, useEffect, useRef } from 'react';
import { notifyWarning } from '../../lib/notify';
import { canSaveToServer } from '../resume-points';
import { handleSleepAtTrackEnd } from '../sleep/use-sleep-timer';
import { usePlayerStore } from '../store';
import type { StreamQuality } from '../types';
import { type Pending, play } from './AudioEngine';
import { LOW_LOAD_TIMEOUT_MS, nextRecoveryStep, type RecoveryState, STALL_TIMEOUT_MS } from './recovery';

function bufferedEnd(audio: HTMLAudioElement): number {
  const { buffered, currentTime } = audio;
  for (let i = 0; i < buffered.length; i++) {
    if (buffered.start(i) <= currentTime + 0.5 && buffered.end(i) >= currentTime) return buffered.end(i);
  }
  return buffered.length > 0 ? buffered.end(buffered.length - 1) : 0;
}

/** The HTTP status behind a failed media load (the element does not say): a one-byte range request. */
async function probeStatus(url: string): Promise<{ status: number; retryAfter: number }> {
  try {
    const response = await fetch(url, { headers: { Range: 'bytes=0-0' } });
    void response.body?.cancel();
    return { status: response.status, retryAfter: Number(response.headers.get('retry-after')) || 10 };
  } catch {
    return { status: 0, retryAfter: 10 };
  }
}

/** The element's events → the store; ends of tracks → the play mode; failures → retry, switch, skip. */
export function useAudioEvents(
  audioRef: RefObject<HTMLAudioElement | null>,
  pending: RefObject<Pending>,
  quality: StreamQuality,
) {
  const qualityRef = useRef(quality);
  qualityRef.current = quality;
  const recovery = useRef<RecoveryState>({ hash: '', retried: false, switched: false });

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    const store = usePlayerStore.getState;
    let stallTimer: ReturnType<typeof setTimeout> | undefined;
    const clearStall = () => {
      if (stallTimer) clearTimeout(stallTimer);
      stallTimer = undefined;
    };
    let loadTimer: ReturnType<typeof setTimeout> | undefined;
    const clearLoad = () => {
      if (loadTimer) clearTimeout(loadTimer);
      loadTimer = undefined;
    };
    // A low-bitrate stream without metadata after LOW_LOAD_TIMEOUT_MS: the original, from the same place.
    const onLoadStart = () => {
      clearLoad();
      store().reportBuffering(pending.current.play || store().intent === 'wantPlay');
      if (qualityRef.current !== 'low') return;
      loadTimer = setTimeout(() => {
        loadTimer = undefined;
        const item = store().queue[store().queueIndex];
        if (!item || audio.readyState >= 1 || !audio.getAttribute('src') || qualityRef.current !== 'low')
          return;
        const wantsPlay = pending.current.play || store().playing || store().intent === 'wantPlay';
        const position = pending.current.start;
        recovery.current = { hash: item.hash, retried: false, switched: true };
        store().setQuality('original');
        usePlayerStore.setState(
          wantsPlay ? { startAt: position, intent: 'wantPlay' } : { startAt: position },
        );
      }, LOW_LOAD_TIMEOUT_MS);
    };

    const fail = async () => {
      clearStall();
      const item = store().queue[store().queueIndex];
      if (!item || !audio.currentSrc) return;
      const position = audio.currentTime || pending.current.start;
      // Whether the listener wanted sound: every step of the recovery (the next track too) keeps that.
      const wantsPlay = pending.current.play || store().playing || store().intent === 'wantPlay';
      const probe = await probeStatus(audio.currentSrc);
      if (probe.status === 429) {
        notifyWarning(
          i18next.t(canSaveToServer() ? 'player.errors.rateLimited' : 'player.errors.guestRateLimited', {
            seconds: probe.retryAfter,
          }),
          8_000,
        );
        store().wantPause();
        return;
      }
      if (recovery.current.hash !== item.hash)
        recovery.current = { hash: item.hash, retried: false, switched: false };
      const { step, state } = nextRecoveryStep(recovery.current, item, qualityRef.current);
      recovery.current = state;
      if (step.action === 'retry') {
        pending.current = { start: position, play: wantsPlay };
        audio.load();
      } else if (step.action === 'switch') {
        store().setQuality(step.quality);
        usePlayerStore.setState(
          wantsPlay ? { startAt: position, intent: 'wantPlay' } : { startAt: position },
        );
      } else {
        notifyWarning(i18next.t('player.errors.skipped', { title: item.title }), 6_000);
        const index = store().queueIndex;
        store().next();
        if (store().queueIndex === index) store().wantPause();
        // The failed track never reported playing, so next() alone would load the next one paused.
        else if (wantsPlay) store().wantPlay();
      }
    };

    const onLoadedMetadata = () => {
      clearLoad();
      const { start, play: shouldPlay } = pending.current;
      if (start > 0 && Number.isFinite(audio.duration))
        audio.currentTime = Math.min(start, Math.max(0, audio.duration - 0.5));
      else if (start > 0) audio.currentTime = start;
      pending.current = { start: 0, play: false };
      store().reportDuration(audio.duration);
      if (shouldPlay) play(audio);
    };
    const onTime = () => {
      clearStall();
      store().reportTime(audio.currentTime, bufferedEnd(audio));
    };
    // The play head moved while playing: sound is coming, whatever events came before (Chromium may not
    // send 'playing' after a seek inside what it has).
    let lastTime = -1;
    const onTimeUpdate = () => {
      if (!audio.paused && !audio.seeking && audio.currentTime !== lastTime && lastTime >= 0)
        store().reportBuffering(false);
      lastTime = audio.currentTime;
      onTime();
    };
    const onEnded = () => {
      store().reportBuffering(false);
      if (handleSleepAtTrackEnd()) return;
      store().ended();
    };
    const onWaiting = () => {
      clearStall();
      if (audio.paused) return;
      store().reportBuffering(true);
      stallTimer = setTimeout(() => void fail(), STALL_TIMEOUT_MS);
    };
    const onPlaying = () => {
      clearStall();
      store().reportBuffering(false);
      store().reportPlaying(true);
    };
    const onPause = () => {
      clearStall();
      store().reportBuffering(false);
      store().reportPlaying(false);
    };
    const onError = () => {
      clearLoad();
      store().reportBuffering(false);
      if (audio.error && audio.getAttribute('src')) void fail();
    };
    const listeners: [string, () => void][] = [
      ['loadstart', onLoadStart],
      ['loadedmetadata', onLoadedMetadata],
      ['durationchange', () => store().reportDuration(audio.duration)],
      ['timeupdate', onTimeUpdate],
      ['progress', () => store().reportTime(audio.currentTime, bufferedEnd(audio))],
      [
        'seeking',
        () => {
          lastTime = -1;
          store().reportBuffering(!audio.paused);
        },
      ],
      ['seeked', onTime],
      ['playing', onPlaying],
      ['play', () => store().reportPlaying(true)],
      ['pause', onPause],
      ['ended', onEnded],
      ['waiting', onWaiting],
      ['stalled', onWaiting],
      ['error', onError],
    ];
    for (const [name, listener] of listeners) audio.addEventListener(name, listener);
    return () => {
      clearStall();
      clearLoad();
      for (const [name, listener] of listeners) audio.removeEventListener(name, listener);
    };
  }, [audioRef, pending]);
}
