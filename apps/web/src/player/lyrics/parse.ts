import { parseSrt, parseVtt } from './parse-cues';
import { parseLrc } from './parse-lrc';
import type { LyricLine, SubtitleFormat } from './types';

export function formatOf(nameOrExtension: string | null | undefined): SubtitleFormat | null {
  const ext = (nameOrExtension ?? '').toLowerCase().split('.').pop() ?? '';
  return ext === 'lrc' || ext === 'vtt' || ext === 'srt' ? ext : null;
}

/** Parses a subtitle by its format; an unknown format is sniffed from the content. */
export function parseSubtitle(text: string, format: SubtitleFormat | null): LyricLine[] {
  const kind = format ?? sniff(text);
  if (kind === 'vtt') return parseVtt(text);
  if (kind === 'srt') return parseSrt(text);
  return parseLrc(text);
}

function sniff(text: string): SubtitleFormat {
  const head = text.replace(/^\uFEFF/, '').trimStart();
  if (head.startsWith('WEBVTT')) return 'vtt';
  if (/^\d+\s*\r?\n\s*\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}\s+-->/.test(head) || /-->/.test(head.slice(0, 200)))
    return 'srt';
  return 'lrc';
}

/** The index of the line showing at `time` (with the user's offset), or -1 before the first or in a gap. */
export function currentLineIndex(lines: LyricLine[], time: number, offset = 0): number {
  const t = time - offset;
  let low = 0;
  let high = lines.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if ((lines[mid] as LyricLine).time <= t + 1e-6) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  if (found < 0) return -1;
  const line = lines[found] as LyricLine;
  if (line.end !== undefined && t >= line.end) return -1;
  return found;
}
