/** One subtitle line: shown from `time` (seconds) until the next line, or until `end` when the format has one. */
export interface LyricLine {
  time: number;
  end?: number;
  text: string;
}

export type SubtitleFormat = 'lrc' | 'vtt' | 'srt';
