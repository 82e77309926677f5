import type { LyricLine } from './types';

const META_TAG = /^\[([a-z#]+):(.*)\]\s*$/i;
const WORD_TIME = /<\d{1,3}:\d{1,2}(?:[.:]\d{1,3})?>/g;

/** Fractions: "5" → 0.5, "50" → 0.50, "500" → 0.500 (hundredths and milliseconds alike). */
function fraction(digits: string | undefined): number {
  return digits ? Number(digits) / 10 ** digits.length : 0;
}

/**
 * LRC: `[mm:ss.xx]text`, several time tags on one line (`[00:10.00][01:20.00]chorus`), millisecond and
 * colon variants (`[00:10.123]`, `[00:10:12]`), metadata tags (`[ti:]`, `[ar:]`...) skipped, `[offset:±ms]`
 * applied (a positive offset shows lines sooner), enhanced-LRC word times removed. Sorted by time.
 */
export function parseLrc(text: string): LyricLine[] {
  let offset = 0;
  const lines: LyricLine[] = [];
  for (const raw of text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (!line.startsWith('[')) continue;
    const meta = META_TAG.exec(line);
    if (meta && !/^\d/.test(meta[1] ?? '')) {
      if (meta[1]?.toLowerCase() === 'offset') {
        const value = Number.parseInt((meta[2] ?? '').trim(), 10);
        if (Number.isFinite(value)) offset = value / 1000;
      }
      continue;
    }
    const times: number[] = [];
    let rest = line;
    for (;;) {
      const match = /^\s*\[(\d{1,3}):(\d{1,2})(?:[.:](\d{1,3}))?\]/.exec(rest);
      if (!match) break;
      times.push(Number(match[1]) * 60 + Number(match[2]) + fraction(match[3]));
      rest = rest.slice(match[0].length);
    }
    if (times.length === 0) continue;
    const lyric = rest.replace(WORD_TIME, '').trim();
    for (const time of times) lines.push({ time, text: lyric });
  }
  return lines
    .map((line) => ({ ...line, time: Math.max(0, line.time - offset) }))
    .sort((a, b) => a.time - b.time);
}
