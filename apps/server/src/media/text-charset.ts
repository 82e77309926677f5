/** How much of a text file is read to guess its encoding. */
export const CHARSET_SAMPLE_BYTES = 64 * 1024;

function decodesCleanly(label: string, sample: Buffer, truncated: boolean): string | null {
  try {
    // `stream: true` tolerates a character cut in two at the end of a truncated sample.
    return new TextDecoder(label, { fatal: true }).decode(sample, { stream: truncated });
  } catch {
    return null;
  }
}

/**
 * Japanese text is full of kana; Chinese GBK bytes read as Shift_JIS mostly turn into half-width katakana
 * (its single-byte range 0xA1-0xDF overlaps GBK's lead bytes). More kana than half-width kana: Japanese.
 */
function looksJapanese(text: string): boolean {
  const kana = text.match(/[\u3040-\u30ff]/g)?.length ?? 0;
  const halfWidth = text.match(/[\uff61-\uff9f\ue000-\uf8ff]/g)?.length ?? 0;
  return kana > halfWidth;
}

/**
 * The charset of a text file's first bytes: a BOM decides (UTF-8, UTF-16 LE/BE); else UTF-8 when it
 * decodes, then Shift_JIS or GBK (the usual encodings of subtitles in Japanese and Chinese releases), and
 * UTF-8 when nothing fits (the client then sees replacement characters rather than nothing).
 */
export function detectCharset(sample: Buffer, truncated: boolean): string {
  if (sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf) return 'utf-8';
  if (sample[0] === 0xff && sample[1] === 0xfe) return 'utf-16le';
  if (sample[0] === 0xfe && sample[1] === 0xff) return 'utf-16be';
  if (decodesCleanly('utf-8', sample, truncated) !== null) return 'utf-8';
  const shiftJis = decodesCleanly('shift_jis', sample, truncated);
  if (shiftJis !== null && looksJapanese(shiftJis)) return 'shift_jis';
  // ICU's 'gbk' decoder silently drops some invalid bytes even when fatal; GB18030 (a superset) refuses them.
  if (decodesCleanly('gb18030', sample, truncated) !== null) return 'gbk';
  return shiftJis !== null ? 'shift_jis' : 'utf-8';
}
