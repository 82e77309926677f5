import { describe, expect, it } from 'vitest';
import { inRanges, seekNeedsOriginal } from '../../src/player/engine/seek-plan';

const ranges = (...pairs: [number, number][]): TimeRanges => ({
  length: pairs.length,
  start: (i: number) => (pairs[i] as [number, number])[0],
  end: (i: number) => (pairs[i] as [number, number])[1],
});

describe('seekNeedsOriginal', () => {
  const growing = {
    duration: Number.POSITIVE_INFINITY,
    seekable: ranges([0, 40]),
    buffered: ranges([0, 40]),
  };

  it('sends a seek past what a growing low-bitrate stream has to the original', () => {
    expect(seekNeedsOriginal(growing, 'low', 900)).toBe(true);
    expect(seekNeedsOriginal(growing, 'low', 20)).toBe(false);
  });

  it('leaves finished low-bitrate files and the original alone', () => {
    const finished = { duration: 1200, seekable: ranges([0, 1200]), buffered: ranges([0, 40]) };
    expect(seekNeedsOriginal(finished, 'low', 900)).toBe(false);
    expect(seekNeedsOriginal(growing, 'original', 900)).toBe(false);
  });

  it('reads every range', () => {
    expect(inRanges(ranges([0, 10], [100, 130]), 120)).toBe(true);
    expect(inRanges(ranges([0, 10], [100, 130]), 50)).toBe(false);
    expect(inRanges(ranges(), 0)).toBe(false);
  });
});
