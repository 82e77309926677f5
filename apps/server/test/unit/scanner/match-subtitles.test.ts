import { fileTypeOf } from '@sasayaki/api-contract';
import { describe, expect, it } from 'vitest';
import { matchSubtitles, type SubtitleMatchInput } from '../../../src/scanner/match-subtitles.js';

const files = (paths: string[]): SubtitleMatchInput[] =>
  paths.map((path, index) => ({ fileId: index + 1, path, type: fileTypeOf(path) }));

const matches = (paths: string[]) => {
  const input = files(paths);
  const result = matchSubtitles(input);
  return Object.fromEntries(
    [...result].map(([audio, subtitle]) => [input[audio - 1]?.path, input[subtitle - 1]?.path]),
  );
};

describe('matchSubtitles', () => {
  it('finds NAME.lrc, NAME.vtt, NAME.srt in the same folder, in that order', () => {
    expect(matches(['a.mp3', 'a.srt', 'a.vtt', 'a.lrc'])).toEqual({ 'a.mp3': 'a.lrc' });
    expect(matches(['a.mp3', 'a.srt', 'a.vtt'])).toEqual({ 'a.mp3': 'a.vtt' });
  });

  it('prefers NAME.* over NAME.EXT.*', () => {
    expect(matches(['a.mp3', 'a.mp3.lrc', 'a.srt'])).toEqual({ 'a.mp3': 'a.srt' });
    expect(matches(['a.mp3', 'a.mp3.vtt'])).toEqual({ 'a.mp3': 'a.mp3.vtt' });
  });

  it('compares extensions case-insensitively', () => {
    expect(matches(['Track 1.WAV', 'Track 1.WAV.LRC'])).toEqual({ 'Track 1.WAV': 'Track 1.WAV.LRC' });
    expect(matches(['b.flac', 'b.VTT'])).toEqual({ 'b.flac': 'b.VTT' });
  });

  it('falls back to the same name in any folder of the work, same folder first', () => {
    expect(matches(['mp3/a.mp3', 'lrc/a.lrc'])).toEqual({ 'mp3/a.mp3': 'lrc/a.lrc' });
    expect(matches(['other/a.lrc', 'mp3/a.mp3', 'mp3/a.srt'])).toEqual({ 'mp3/a.mp3': 'mp3/a.srt' });
  });

  it('ignores other text files and audio without subtitles', () => {
    expect(matches(['a.mp3', 'a.txt', 'a.ass', 'b.wav'])).toEqual({});
  });

  it('does not match a different name that merely starts the same', () => {
    expect(matches(['a.mp3', 'ab.lrc', 'a b.lrc'])).toEqual({});
  });
});
