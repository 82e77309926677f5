import { describe, expect, it } from 'vitest';
import { currentLineIndex, formatOf, parseSubtitle } from '../../src/player/lyrics/parse';
import { parseSrt, parseTimestamp, parseVtt } from '../../src/player/lyrics/parse-cues';
import { parseLrc } from '../../src/player/lyrics/parse-lrc';

describe('LRC', () => {
  it('reads plain lines, skips metadata and sorts by time', () => {
    const lines = parseLrc(
      '\uFEFF[ti:Title]\n[ar:Circle]\n[by:someone]\n[00:05.00]second\n[00:01.50]first\n',
    );
    expect(lines).toEqual([
      { time: 1.5, text: 'first' },
      { time: 5, text: 'second' },
    ]);
  });

  it('expands several time tags on one line', () => {
    const lines = parseLrc('[00:10.00][01:20.00]chorus\r\n[00:15.00]verse');
    expect(lines.map((l) => [l.time, l.text])).toEqual([
      [10, 'chorus'],
      [15, 'verse'],
      [80, 'chorus'],
    ]);
  });

  it('understands millisecond, tenth and colon variants', () => {
    const lines = parseLrc('[00:01.5]a\n[00:02.25]b\n[00:03.125]c\n[00:04:50]d\n[00:05]e\n[100:00.00]f');
    expect(lines.map((l) => l.time)).toEqual([1.5, 2.25, 3.125, 4.5, 5, 6000]);
  });

  it('applies [offset:] (positive shows lines sooner) and never goes below zero', () => {
    expect(parseLrc('[offset:+500]\n[00:02.00]a\n[00:00.20]b').map((l) => l.time)).toEqual([0, 1.5]);
    expect(parseLrc('[offset:-1000]\n[00:02.00]a')[0]?.time).toBe(3);
  });

  it('keeps empty lines (they clear the display) and strips word timings', () => {
    const lines = parseLrc('[00:01.00]<00:01.00>hel<00:01.50>lo\n[00:03.00]\nno tag here');
    expect(lines).toEqual([
      { time: 1, text: 'hello' },
      { time: 3, text: '' },
    ]);
  });
});

describe('WebVTT', () => {
  const vtt = `WEBVTT - demo

NOTE this is a comment
spanning lines

STYLE
::cue { color: red }

intro
00:01.000 --> 00:04.000 align:start position:10% line:0
<v Narrator>Hello &amp; welcome</v>
second line

00:00:05.500 --> 00:00:07.000
<i>whisper</i> <c.red>red</c>

3
01:00:00.000 --> 01:00:02.000
late`;

  it('reads cues with identifiers, settings, multi-line text and markup', () => {
    expect(parseVtt(vtt)).toEqual([
      { time: 1, end: 4, text: 'Hello & welcome\nsecond line' },
      { time: 5.5, end: 7, text: 'whisper red' },
      { time: 3600, end: 3602, text: 'late' },
    ]);
  });

  it('ends a cue at its end time (gaps show nothing)', () => {
    const lines = parseVtt(vtt);
    expect(currentLineIndex(lines, 2)).toBe(0);
    expect(currentLineIndex(lines, 4.5)).toBe(-1);
    expect(currentLineIndex(lines, 6)).toBe(1);
    expect(currentLineIndex(lines, 0.5)).toBe(-1);
  });
});

describe('SRT', () => {
  it('reads numbered blocks with comma milliseconds, multi-line text and extra blank lines', () => {
    const srt =
      '\uFEFF1\r\n00:00:01,000 --> 00:00:02,500\r\n<i>one</i>\r\n{\\an8}two\r\n\r\n\r\n2\r\n00:00:03.000 --> 00:00:04,000\r\nthree\r\n';
    expect(parseSrt(srt)).toEqual([
      { time: 1, end: 2.5, text: 'one\ntwo' },
      { time: 3, end: 4, text: 'three' },
    ]);
  });

  it('tolerates a missing index and skips malformed blocks', () => {
    const srt =
      '00:00:01,000 --> 00:00:02,000\nno index\n\n5\nnot a time\ntext\n\n6\n00:00:09,000 --> 00:00:10,000\nok';
    expect(parseSrt(srt).map((l) => l.text)).toEqual(['no index', 'ok']);
  });
});

describe('helpers', () => {
  it('parses timestamps', () => {
    expect(parseTimestamp('01:02:03,456')).toBeCloseTo(3723.456);
    expect(parseTimestamp('02:03.5')).toBeCloseTo(123.5);
    expect(parseTimestamp('nope')).toBeNaN();
  });

  it('picks the format by extension and sniffs the content otherwise', () => {
    expect(formatOf('track.mp3.VTT')).toBe('vtt');
    expect(formatOf('srt')).toBe('srt');
    expect(formatOf('notes.txt')).toBeNull();
    expect(parseSubtitle('WEBVTT\n\n00:01.000 --> 00:02.000\nx', null)[0]?.text).toBe('x');
    expect(parseSubtitle('1\n00:00:01,000 --> 00:00:02,000\ny', null)[0]?.text).toBe('y');
    expect(parseSubtitle('[00:01.00]z', null)[0]?.text).toBe('z');
  });

  it('finds the current line with an offset', () => {
    const lines = parseLrc('[00:01.00]a\n[00:05.00]b');
    expect(currentLineIndex(lines, 0.5)).toBe(-1);
    expect(currentLineIndex(lines, 4.9)).toBe(0);
    expect(currentLineIndex(lines, 5)).toBe(1);
    expect(currentLineIndex(lines, 5.5, 1)).toBe(0);
    expect(currentLineIndex([], 3)).toBe(-1);
  });
});
