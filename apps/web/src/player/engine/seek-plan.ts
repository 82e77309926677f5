import type { StreamQuality } from '../types';

/** Whether `time` lies inside one of `ranges` (an element's `seekable` or `buffered`). */
export function inRanges(ranges: TimeRanges, time: number): boolean {
  for (let i = 0; i < ranges.length; i++) {
    if (ranges.start(i) <= time && time <= ranges.end(i)) return true;
  }
  return false;
}

/**
 * Whether a seek to `time` must leave the low-bitrate stream for the original. A low-bitrate stream still
 * being transcoded comes as one growing response without a length or ranges (its duration is Infinity):
 * the element can only reach what has arrived, and a seek past it leaves it silent, "playing", until
 * ffmpeg gets there (seconds into a long WAV). The original answers ranges, so it plays from any point
 * at once. A finished low-bitrate file (a finite duration, ranges) seeks anywhere it can seek.
 */
export function seekNeedsOriginal(
  audio: Pick<HTMLMediaElement, 'duration' | 'seekable' | 'buffered'>,
  quality: StreamQuality,
  time: number,
): boolean {
  if (quality !== 'low') return false;
  return !inRanges(Number.isFinite(audio.duration) ? audio.seekable : audio.buffered, time);
}
