import { type RefObject, useEffect } from 'react';
import { preferredQuality, urlFor } from '../sources';
import { usePlayerStore } from '../store';
import type { QueueItem } from '../types';

/**
 * A seek into an unfinished low-bitrate stream plays the original from there (seek-plan.ts). The listener
 * chose fluentFirst, and on a weak connection the original may not keep up (a 24-bit 48 kHz WAV is
 * 2.3 Mbit/s, the low-bitrate copy about 96 kbit/s), so the player goes back to the copy within the same
 * track, but only when that costs no sound:
 *
 * - the copy is finished (its HEAD answers `Accept-Ranges: bytes`): a growing copy cannot seek, it would
 *   be read from its start up to the position, the opposite of what a weak connection needs;
 * - at a moment without sound: the listener paused (the copy loads and seeks while paused, so play goes
 *   on at once from there), or the original stalled while playing (silence already; the copy, twenty
 *   times smaller, is what ends the stall).
 *
 * While the original plays smoothly it stays: swapping an element's source mid-sound is a gap of a load
 * and a seek (a click in a quiet ASMR track), and the next track starts low-bitrate anyway.
 */

/** A moment without sound: the listener paused, or the original stalled while it should play. */
export type QuietMoment = 'pause' | 'stall';

/**
 * How often, at most, stalls of one load of a track ask whether its low-bitrate copy is finished: a weak
 * connection stalls again and again. Each pause asks (the listener's, so rare).
 */
export const FINISHED_PROBE_INTERVAL_MS = 10_000;

type Element = Pick<HTMLMediaElement, 'paused' | 'ended' | 'readyState'>;

/** Whether the element is still in the quiet moment (a HEAD later: the listener may have pressed play). */
export function stillQuiet(audio: Element, moment: QuietMoment): boolean {
  if (moment === 'pause') return audio.paused && !audio.ended;
  return !audio.paused && audio.readyState < HTMLMediaElement.HAVE_FUTURE_DATA;
}

/** Whether the current track plays the original only because of a seek, in fluentFirst with a copy. */
export function onSeekDetour(
  state: { qualityOverride: string | null; overrideForSeek: boolean },
  item: QueueItem | undefined,
): item is QueueItem {
  return (
    !!item &&
    state.overrideForSeek &&
    state.qualityOverride === 'original' &&
    preferredQuality(item) === 'low'
  );
}

/** Whether the server has the whole low-bitrate copy (ranges), not a growing one (`Accept-Ranges: none`). */
export async function lowCopyFinished(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { method: 'HEAD' });
    return response.ok && response.headers.get('accept-ranges') === 'bytes';
  } catch {
    return false;
  }
}

/** Goes back from a seek's detour through the original to the finished low-bitrate copy at quiet moments. */
export function useReturnToLow(audioRef: RefObject<HTMLAudioElement | null>) {
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    const store = usePlayerStore.getState;
    let lastStallProbe = { nonce: -1, at: 0 };
    const onQuiet = async (moment: QuietMoment) => {
      const state = store();
      const item = state.queue[state.queueIndex];
      if (!onSeekDetour(state, item) || !stillQuiet(audio, moment)) return;
      if (moment === 'stall') {
        const now = Date.now();
        const { nonce, at } = lastStallProbe;
        if (nonce === state.loadNonce && now - at < FINISHED_PROBE_INTERVAL_MS) return;
        lastStallProbe = { nonce: state.loadNonce, at: now };
      }
      if (!(await lowCopyFinished(urlFor(item, 'low')))) return;
      // The same load, still on its detour, still quiet: the copy from where the play head is.
      if (store().loadNonce !== state.loadNonce || !onSeekDetour(store(), item) || !stillQuiet(audio, moment))
        return;
      store().setQuality(null, audio.currentTime);
    };
    const onPause = () => void onQuiet('pause');
    const onWaiting = () => void onQuiet('stall');
    audio.addEventListener('pause', onPause);
    audio.addEventListener('waiting', onWaiting);
    return () => {
      audio.removeEventListener('pause', onPause);
      audio.removeEventListener('waiting', onWaiting);
    };
  }, [audioRef]);
}
