import { extensionOf } from '@sasayaki/api-contract';
import type { TranscodeFormat } from './transcode-args.js';

/** Above this, an audio file gets a low-bitrate stream (contract section 7). */
export const LOW_BITRATE_THRESHOLD = 160_000;
/** Lossless formats: when the scanner could not read a bitrate, these still qualify. */
const LOSSLESS = new Set(['wav', 'flac', 'ape', 'aif', 'aiff', 'wv', 'tta']);

export interface LowBitrateCandidate {
  type: string;
  /** Bits per second, as the scanner stored it; null when unknown. */
  bitrate: number | null;
  path: string;
}

/** Whether a file gets a `streamLowQualityUrl`: audio above 160 kbit/s, or lossless when the rate is unknown. */
export function hasLowBitrateStream(file: LowBitrateCandidate): boolean {
  if (file.type !== 'audio') return false;
  if (file.bitrate !== null && file.bitrate > 0) return file.bitrate > LOW_BITRATE_THRESHOLD;
  return LOSSLESS.has(extensionOf(file.path));
}

/**
 * The format a request gets. `?format=webm|m4a` wins. Otherwise the `Accept` header decides: one that
 * names audio types but not `audio/webm` (Safari's media requests, or a client that lists what it plays)
 * gets AAC in M4A; anything else (`*\/*`, no header, or one naming `audio/webm`) gets Opus in WebM. A
 * client that knows it cannot play Opus (`canPlayType('audio/webm; codecs=opus') === ''`) should ask
 * for `?format=m4a`.
 */
export function chooseFormat(
  query: TranscodeFormat | undefined,
  accept: string | undefined,
): { format: TranscodeFormat; byAccept: boolean } {
  if (query) return { format: query, byAccept: false };
  const types = (accept ?? '')
    .toLowerCase()
    .split(',')
    .map((part) => (part.split(';')[0] ?? '').trim());
  const namesAudio = types.some((type) => type.startsWith('audio/') && type !== 'audio/*');
  const format = namesAudio && !types.includes('audio/webm') ? 'm4a' : 'webm';
  return { format, byAccept: true };
}
