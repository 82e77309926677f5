import { mediaUrl, withQuery } from '../api/client';
import { readSharedConfig } from '../lib/shared-config';
import type { QueueItem, StreamQuality } from './types';

/** Which quality the settings pick for a file: fluentFirst plays the low-bitrate file when there is one. */
export function preferredQuality(
  item: QueueItem,
  behavior = readSharedConfig().qualityBehavior,
): StreamQuality {
  return behavior === 'fluentFirst' && item.streamLowQualityUrl ? 'low' : 'original';
}

/** Which low-bitrate file the server should send: Opus in WebM (its default), or AAC in M4A. */
export type LowBitrateFormat = 'webm' | 'm4a';

let lowFormat: LowBitrateFormat | null = null;

/**
 * The low-bitrate format this browser plays: WebM (Opus) unless `canPlayType('audio/webm; codecs=opus')`
 * answers '' (Safari before 18.4, some WebViews), then M4A (AAC). Asked once per page load; without a
 * document to ask (or when asking throws) the server's default stays.
 */
export function lowBitrateFormat(): LowBitrateFormat {
  if (lowFormat) return lowFormat;
  try {
    if (typeof document === 'undefined') return 'webm';
    const probe = document.createElement('audio');
    lowFormat =
      typeof probe.canPlayType === 'function' && probe.canPlayType('audio/webm; codecs=opus') === ''
        ? 'm4a'
        : 'webm';
  } catch {
    lowFormat = 'webm';
  }
  return lowFormat;
}

/** Forgets the answer of `lowBitrateFormat` (tests change what the browser claims to play). */
export function resetLowBitrateFormat(): void {
  lowFormat = null;
}

/**
 * A low-bitrate URL as this browser should request it: `?format=m4a` appended (after any query it
 * already has, such as `?token=`) when the browser cannot play Opus in WebM; unchanged otherwise.
 */
export function lowQualityUrl(url: string, format = lowBitrateFormat()): string {
  if (format === 'webm' || /[?&]format=/.test(url)) return url;
  return withQuery(url, { format });
}

export function urlFor(item: QueueItem, quality: StreamQuality): string {
  return mediaUrl(
    quality === 'low' && item.streamLowQualityUrl
      ? lowQualityUrl(item.streamLowQualityUrl)
      : item.mediaStreamUrl,
  );
}

/** How many tracks from the current one on get a prefetch hint. */
export const PREFETCH_AHEAD = 3;

/**
 * The current track and the next ones, the only ones worth a prefetch hint: a hint per track of a long
 * queue would start a transcode for each, and the server runs only a few at once, so the track the
 * listener clicked could wait behind them.
 */
export function upcoming(queue: QueueItem[], index: number, count = PREFETCH_AHEAD): QueueItem[] {
  return queue.slice(Math.max(0, index), Math.max(0, index) + count);
}

const prefetched = new Set<string>();

/**
 * OPTIONS to each audio URL the player would play (contract section 6: a prefetch hint that starts the
 * low-bitrate transcode, in the format this browser will ask for), with the token as on the stream: the
 * server starts no work for a hint without one. Errors are ignored; each URL is sent once per page load,
 * a few at a time.
 */
export function prefetchAudio(items: QueueItem[]): void {
  if (typeof fetch !== 'function') return;
  const behavior = readSharedConfig().qualityBehavior;
  const urls = items
    .map((item) =>
      preferredQuality(item, behavior) === 'low' && item.streamLowQualityUrl
        ? lowQualityUrl(item.streamLowQualityUrl)
        : item.mediaStreamUrl,
    )
    .filter((url) => !prefetched.has(url));
  for (const url of urls) prefetched.add(url);
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next++] as string;
      try {
        await fetch(mediaUrl(url), { method: 'OPTIONS' });
      } catch {
        // A hint only.
      }
    }
  };
  for (let i = 0; i < Math.min(3, urls.length); i++) void worker();
}
