import { EXTENSIONS_BY_TYPE, extensionOf, SUBTITLE_EXTENSIONS } from '@sasayaki/api-contract';

const STRIPPED_EXTENSIONS = new Set<string>([...EXTENSIONS_BY_TYPE.audio, ...SUBTITLE_EXTENSIONS]);

/**
 * What tells variants of one track apart and says nothing about which track it is: "without sound
 * effects" in its spellings (SEなし, SE無し, _NoSE, without SE …) and formats (mp3, wav, 48kHz, 24bit,
 * ハイレゾ). Matched on the NFKC, lower-cased name, whole (no latin letter right before or after).
 */
const VARIANT_MARKERS = new RegExp(
  [
    'se\\s*(?:なし|無し|無|ナシ|off|less)',
    'no[\\s_-]?se',
    'without[\\s_-]?se',
    'mp3|wav|flac|aac|m4a|opus|ogg',
    'hi[\\s_-]?res|ハイレゾ',
    '\\d+(?:\\.\\d+)?\\s*khz',
    '\\d+\\s*bit',
  ]
    .map((marker) => `(?<![a-z])(?:${marker})(?![a-z])`)
    .join('|'),
  'g',
);

/** Brackets left empty once their marker is gone: "(SEなし)" → "()". */
const EMPTY_BRACKETS = /[([（【「『]\s*[)\]）】」』]/g;

/**
 * A file name as compared across variants and editions: NFKC, lower case, without its audio and
 * subtitle extensions ("01.mp3.vtt" → "01"), without variant markers, letters and digits only.
 */
export function comparableStem(fileName: string): string {
  let name = fileName.normalize('NFKC').toLowerCase();
  for (let i = 0; i < 2 && STRIPPED_EXTENSIONS.has(extensionOf(name)); i += 1) {
    name = name.slice(0, name.lastIndexOf('.'));
  }
  return name
    .replace(VARIANT_MARKERS, ' ')
    .replace(EMPTY_BRACKETS, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * How alike two comparable stems are, 0 to 1: one minus their edit distance over the longer length.
 * Stems whose numbers differ are 0: "02 はじめに" is another track than "01 はじめに", however close.
 */
export function nameSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length === 0 || b.length === 0) return 0;
  if ((a.match(/\d+/g) ?? []).join(',') !== (b.match(/\d+/g) ?? []).join(',')) return 0;
  return 1 - editDistance(a, b) / Math.max(a.length, b.length);
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] as number;
}
