import { mediaUrl } from '../api/client';
import { readSharedConfig } from '../lib/shared-config';
import type { QueueItem, StreamQuality } from './types';

/** Which quality the settings pick for a file: fluentFirst plays the low-bitrate file when there is one. */
export function preferredQuality(
  item: QueueItem,
  behavior = readSharedConfig().qualityBehavior,
): StreamQuality {
  return behavior === 'fluentFirst' && item.streamLowQualityUrl ? 'low' : 'original';
}

export function urlFor(item: QueueItem, quality: StreamQuality): string {
  return mediaUrl(
    quality === 'low' && item.streamLowQualityUrl ? item.streamLowQualityUrl : item.mediaStreamUrl,
  );
}

const prefetched = new Set<string>();

/**
 * OPTIONS to each audio URL the player would play (contract section 6: a prefetch hint that starts the
 * low-bitrate transcode). Errors are ignored; each URL is sent once per page load, a few at a time.
 */
export function prefetchAudio(items: QueueItem[]): void {
  if (typeof fetch !== 'function') return;
  const behavior = readSharedConfig().qualityBehavior;
  const urls = items
    .map((item) =>
      preferredQuality(item, behavior) === 'low' ? item.streamLowQualityUrl : item.mediaStreamUrl,
    )
    .filter((url): url is string => !!url && !prefetched.has(url));
  for (const url of urls) prefetched.add(url);
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next++] as string;
      try {
        await fetch(url, { method: 'OPTIONS' });
      } catch {
        // A hint only.
      }
    }
  };
  for (let i = 0; i < Math.min(3, urls.length); i++) void worker();
}
