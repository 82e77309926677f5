import { describe, expect, it } from 'vitest';
import { Prng } from '../../../src/demo/prng.js';
import { SHIFT_JIS_NOTE_BYTES, SHIFT_JIS_NOTE_TEXT } from '../../../src/demo/shift-jis.js';
import { planCues, toLrc, toVtt } from '../../../src/demo/subtitles.js';
import { encodeWav, synthesizeTone } from '../../../src/demo/wav.js';
import { uuidV5 } from '../../../src/demo/work-metadata.js';
import { parseWav } from './library-files.js';

describe('demo building blocks', () => {
  it('draws the same numbers from the same seed', () => {
    const a = new Prng(42);
    const b = new Prng(42);
    const draws = Array.from({ length: 5 }, () => a.next());
    expect(draws).toEqual(Array.from({ length: 5 }, () => b.next()));
    expect(new Set(draws).size).toBe(5);
    expect(draws.every((n) => n >= 0 && n < 1)).toBe(true);
  });

  it('writes a valid 16-bit mono PCM WAV of the requested length, faded in and out', () => {
    const samples = synthesizeTone({ seconds: 2, sampleRate: 16_000, seed: 7, soundEffects: true });
    const wav = encodeWav(samples, 16_000);
    expect(parseWav(wav)).toEqual({
      sampleRate: 16_000,
      channels: 1,
      bitsPerSample: 16,
      dataBytes: 64_000,
      seconds: 2,
    });
    expect(Math.abs(wav.readInt16LE(44))).toBeLessThan(50);
    const peak = samples.reduce((max, s) => Math.max(max, Math.abs(s)), 0);
    expect(peak).toBeGreaterThan(0.02);
    expect(peak).toBeLessThan(1);
    expect(synthesizeTone({ seconds: 2, sampleRate: 16_000, seed: 8, soundEffects: false })).not.toEqual(
      samples,
    );
  });

  it('makes LRC lines with a repeated line carrying two time tags, and an offset tag', () => {
    const cues = planCues(new Prng(3), 12, 'ja');
    const lrc = toLrc(cues, { title: 'はじめに', artist: 'CV', offsetMs: 250 });
    expect(lrc).toContain('[offset:+250]');
    expect(lrc).toMatch(/^\[\d\d:\d\d\.\d\d\]\[\d\d:\d\d\.\d\d\]ふー……$/m);
    expect(cues.every((cue) => cue.start >= 0 && cue.end <= 11.5 && cue.start < cue.end)).toBe(true);
  });

  it('makes WebVTT with cue settings and two-line cues', () => {
    const vtt = toVtt(planCues(new Prng(4), 10, 'ja+zh'), 'Intro');
    expect(vtt.startsWith('WEBVTT\n\n')).toBe(true);
    expect(vtt).toMatch(/^\d\d:\d\d:\d\d\.\d{3} --> \d\d:\d\d:\d\d\.\d{3} line:85% align:center$/m);
    expect(vtt).toMatch(/-->.*\n.+\n.+\n/);
  });

  it('carries a Shift_JIS phrase that decodes to its text', () => {
    expect(new TextDecoder('shift_jis').decode(SHIFT_JIS_NOTE_BYTES)).toBe(SHIFT_JIS_NOTE_TEXT);
  });

  it('derives voice actor ids as UUID v5 (RFC 4122 test vector)', () => {
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe(
      '2ed6657d-e927-568b-95e1-2665a8aea6a2',
    );
  });
});
