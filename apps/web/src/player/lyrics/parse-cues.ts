import type { LyricLine } from './types';

/** `hh:mm:ss.ttt`, `mm:ss.ttt` or SRT's `hh:mm:ss,ttt` → seconds; NaN when malformed. */
export function parseTimestamp(value: string): number {
  const match = /^(?:(\d+):)?(\d{1,2}):(\d{1,2})(?:[.,](\d{1,3}))?$/.exec(value.trim());
  if (!match) return Number.NaN;
  const [, hours, minutes, seconds, millis] = match;
  return (
    Number(hours ?? 0) * 3600 +
    Number(minutes) * 60 +
    Number(seconds) +
    (millis ? Number(millis) / 10 ** millis.length : 0)
  );
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  nbsp: '\u00a0',
  quot: '"',
  apos: "'",
  lrm: '\u200e',
  rlm: '\u200f',
};

/** Markup inside a cue (`<v Name>`, `<i>`, `<c.red>`, `<00:01.000>`, `<font>`, `{\an8}`) → plain text. */
export function cleanCueText(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/\{\\[^}]*\}/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .join('\n');
}

const ARROW = /^\s*(\S+)\s+-->\s+(\S+)/;

/**
 * Blocks of "optional identifier, `start --> end [settings]`, text lines" separated by blank lines: the
 * common shape of WebVTT and SRT. Blocks without a timing line (NOTE, STYLE, REGION, headers) are skipped.
 */
export function parseCueBlocks(text: string): LyricLine[] {
  const blocks = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n|\r/g, '\n')
    .split(/\n[ \t]*\n/);
  const cues: LyricLine[] = [];
  for (const block of blocks) {
    const rows = block.split('\n').filter((row, i) => i > 0 || row.trim() !== '');
    const first = rows[0]?.trim() ?? '';
    if (/^(NOTE|STYLE|REGION)(\s|$)/.test(first) || /^WEBVTT/.test(first)) continue;
    const timingRow = rows.findIndex((row) => ARROW.test(row));
    if (timingRow < 0 || timingRow > 1) continue;
    const match = ARROW.exec(rows[timingRow] as string);
    const start = parseTimestamp(match?.[1] ?? '');
    const end = parseTimestamp(match?.[2] ?? '');
    if (!Number.isFinite(start)) continue;
    const textRows = rows.slice(timingRow + 1);
    const cueText = cleanCueText(textRows.join('\n'));
    cues.push(
      Number.isFinite(end) && end > start
        ? { time: start, end, text: cueText }
        : { time: start, text: cueText },
    );
  }
  return cues.sort((a, b) => a.time - b.time);
}

/** WebVTT: header, NOTE/STYLE/REGION blocks, cue identifiers, cue settings and multi-line cues. */
export function parseVtt(text: string): LyricLine[] {
  return parseCueBlocks(text);
}

/** SRT: numbered blocks with `hh:mm:ss,ttt --> hh:mm:ss,ttt` (a `.` separator is accepted too). */
export function parseSrt(text: string): LyricLine[] {
  return parseCueBlocks(text);
}
