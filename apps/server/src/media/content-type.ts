import { extensionOf } from '@sasayaki/api-contract';
import { detectCharset } from './text-charset.js';

/** A fixed content type, or one decided from the file's first bytes (text and its charset). */
export type ContentTypeSpec = string | ((sample: Buffer, truncated: boolean) => string);

const FIXED: Readonly<Record<string, string>> = {
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  mp4: 'audio/mp4',
  aac: 'audio/aac',
  flac: 'audio/flac',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  // RFC 7845 section 9: Ogg Opus files are audio/ogg; audio/opus names the bare RTP payload.
  opus: 'audio/ogg; codecs=opus',
  webm: 'audio/webm',
  mka: 'audio/x-matroska',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  bmp: 'image/bmp',
};

const TEXT = new Set(['txt', 'lrc', 'srt', 'ass', 'md', 'vtt']);

/**
 * The content type of a library file by its extension. Anything unknown (APE, SVG, HTML...) is
 * application/octet-stream, so no file from a library is ever rendered as a page by a browser.
 */
export function contentTypeFor(fileName: string): ContentTypeSpec {
  const extension = extensionOf(fileName);
  if (TEXT.has(extension)) {
    const base = extension === 'vtt' ? 'text/vtt' : 'text/plain';
    return (sample, truncated) => `${base}; charset=${detectCharset(sample, truncated)}`;
  }
  return FIXED[extension] ?? 'application/octet-stream';
}
