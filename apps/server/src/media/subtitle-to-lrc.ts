/**
 * WebVTT and SubRip subtitles as LRC, for the apps of the ecosystem whose players parse only LRC (issue
 * 13): `check-lrc` offers `<work>/<file>.lrc` for a work whose subtitle is `.vtt` or `.srt`, and the stream
 * route answers this conversion. One LRC line per time: a cue's lines are joined by a space, and a cue
 * with inline time tags (`<00:00:05.000>`, karaoke-style VTT) is split at each tag into lines of their own;
 * lines come out sorted by time. Markup (`<v Name>`, `<i>`, `{\an8}`) is dropped.
 */
export const LRC_CONVERTIBLE = new Set(['vtt', 'srt']);

/** `01:02:03.456`, `02:03.456`, or SubRip's `01:02:03,456`. */
const TIMESTAMP = /(?:(\d+):)?(\d{1,2}):(\d{2})[.,](\d{1,3})/;
const CUE_TIMING = new RegExp(`^\\s*${TIMESTAMP.source}\\s*-->`);
const INLINE_TIME = /<((?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3})>/g;

function secondsOf(text: string): number | null {
  const match = TIMESTAMP.exec(text);
  if (!match) return null;
  const [, hours, minutes, seconds, fraction] = match;
  return (
    Number(hours ?? 0) * 3600 +
    Number(minutes) * 60 +
    Number(seconds) +
    Number((fraction ?? '0').padEnd(3, '0')) / 1000
  );
}

/** `[mm:ss.xx]`, minutes past 59 kept as they are (LRC has no hours). */
function lrcTag(seconds: number): string {
  const hundredths = Math.round(seconds * 100);
  const minutes = Math.floor(hundredths / 6000);
  const rest = hundredths - minutes * 6000;
  const wholeSeconds = Math.floor(rest / 100);
  return `[${String(minutes).padStart(2, '0')}:${String(wholeSeconds).padStart(2, '0')}.${String(rest % 100).padStart(2, '0')}]`;
}

function plain(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/\{\\[^}]*\}/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

interface LrcLine {
  time: number;
  text: string;
}

/** One cue's lines: the text before the first inline time at the cue's start, each part after at its time. */
function cueLines(start: number, text: string): LrcLine[] {
  const lines: LrcLine[] = [];
  let time = start;
  let last = 0;
  for (const match of text.matchAll(INLINE_TIME)) {
    const part = plain(text.slice(last, match.index));
    if (part !== '') lines.push({ time, text: part });
    time = secondsOf(match[1] ?? '') ?? time;
    last = (match.index ?? 0) + match[0].length;
  }
  const tail = plain(text.slice(last));
  if (tail !== '') lines.push({ time, text: tail });
  return lines;
}

export function subtitleToLrc(source: string): string {
  const lines: LrcLine[] = [];
  const blocks = source
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/);
  for (const block of blocks) {
    const rows = block.split('\n');
    const timing = rows.findIndex((row) => CUE_TIMING.test(row));
    if (timing === -1) continue; // WEBVTT header, NOTE, STYLE, REGION blocks
    const start = secondsOf(rows[timing] ?? '');
    if (start === null) continue;
    lines.push(...cueLines(start, rows.slice(timing + 1).join(' ')));
  }
  // A stable sort: lines of the same time keep their order.
  lines.sort((a, b) => a.time - b.time);
  return lines.map((line) => `${lrcTag(line.time)}${line.text}\n`).join('');
}
