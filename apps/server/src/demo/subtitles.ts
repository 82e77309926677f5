import { BREATH_LINE, type DemoLine, LINES } from './catalogue.js';
import type { Prng } from './prng.js';

/** Which languages a work's subtitles show; two languages make two-line cues. */
export type SubtitleLanguage = 'ja' | 'zh' | 'en' | 'ja+zh' | 'ja+en';

export interface Cue {
  /** Seconds from the start of the track. */
  start: number;
  end: number;
  lines: string[];
}

function linesOf(line: DemoLine, language: SubtitleLanguage): string[] {
  switch (language) {
    case 'ja+zh':
      return [line.ja, line.zh];
    case 'ja+en':
      return [line.ja, line.en];
    default:
      return [line[language]];
  }
}

/**
 * Cues every few seconds from 1 s on, all ending at least half a second before the track does. One short
 * line comes back twice, as breaths do in ASMR scripts.
 */
export function planCues(prng: Prng, seconds: number, language: SubtitleLanguage): Cue[] {
  const cues: Cue[] = [];
  const limit = seconds - 0.5;
  let start = 0.6 + prng.next() * 0.6;
  let lineIndex = prng.int(0, LINES.length - 1);
  const breathAt = new Set([1, 3]);
  while (start + 1.2 <= limit) {
    const end = Math.min(limit, start + 1.2 + prng.next() * 1.4);
    const breath = breathAt.has(cues.length);
    const line = breath ? BREATH_LINE : (LINES[lineIndex++ % LINES.length] as DemoLine);
    // The repeated line stays one-language so both occurrences read the same and share an LRC line.
    cues.push({ start, end, lines: breath ? [BREATH_LINE.ja] : linesOf(line, language) });
    start = end + 0.2 + prng.next() * 0.6;
  }
  return cues;
}

function lrcTime(seconds: number): string {
  const centiseconds = Math.round(seconds * 100);
  const minutes = Math.floor(centiseconds / 6000);
  const rest = centiseconds % 6000;
  return `[${String(minutes).padStart(2, '0')}:${String(Math.floor(rest / 100)).padStart(2, '0')}.${String(rest % 100).padStart(2, '0')}]`;
}

export interface LrcHeader {
  title: string;
  artist: string;
  /** LRC `[offset:+ms]`: positive values show lines earlier. */
  offsetMs?: number;
}

/** An LRC file: header tags, then one line per text; a text said more than once carries several time tags. */
export function toLrc(cues: readonly Cue[], header: LrcHeader): string {
  const starts = new Map<string, number[]>();
  for (const cue of cues) {
    const text = cue.lines.join(' / ');
    starts.set(text, [...(starts.get(text) ?? []), cue.start]);
  }
  const lines = [`[ti:${header.title}]`, `[ar:${header.artist}]`, '[by:Sasayaki demo]'];
  if (header.offsetMs !== undefined) lines.push(`[offset:+${header.offsetMs}]`);
  const body = [...starts.entries()].sort((a, b) => (a[1][0] as number) - (b[1][0] as number));
  for (const [text, times] of body) lines.push(`${times.map(lrcTime).join('')}${text}`);
  return `${lines.join('\n')}\n`;
}

function vttTime(seconds: number): string {
  const millis = Math.round(seconds * 1000);
  const hours = Math.floor(millis / 3_600_000);
  const minutes = Math.floor((millis % 3_600_000) / 60_000);
  const secs = Math.floor((millis % 60_000) / 1000);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(hours)}:${pad(minutes)}:${pad(secs)}.${pad(millis % 1000, 3)}`;
}

/** A WebVTT file with numbered cues; every other cue carries cue settings. */
export function toVtt(cues: readonly Cue[], title: string): string {
  const blocks = ['WEBVTT', `NOTE ${title} (Sasayaki demo)`];
  cues.forEach((cue, index) => {
    const settings = index % 2 === 0 ? ' line:85% align:center' : '';
    blocks.push(
      `${index + 1}\n${vttTime(cue.start)} --> ${vttTime(cue.end)}${settings}\n${cue.lines.join('\n')}`,
    );
  });
  return `${blocks.join('\n\n')}\n`;
}
