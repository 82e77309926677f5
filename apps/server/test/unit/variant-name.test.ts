import { describe, expect, it } from 'vitest';
import { comparableStem, nameSimilarity } from '../../src/services/subtitle-candidates/variant-name.js';

describe('comparableStem', () => {
  it('strips extensions, sound-effect and format markers, brackets and punctuation', () => {
    expect(comparableStem('01 はじめに(SEなし).wav')).toBe('01はじめに');
    expect(comparableStem('01_はじめに_NoSE.mp3')).toBe('01はじめに');
    expect(comparableStem('01 はじめに.mp3.vtt')).toBe('01はじめに');
    expect(comparableStem('トラック2 耳かき【SE無し】.flac')).toBe('トラック2耳かき');
    expect(comparableStem('Track 3 - 48kHz 24bit.wav')).toBe('track3');
    // Full-width forms fold (NFKC): the same name typed either way.
    expect(comparableStem('０１　はじめに（ＳＥなし）.mp3')).toBe('01はじめに');
  });

  it('keeps words that only contain a marker', () => {
    expect(comparableStem('nosebleed.mp3')).toBe('nosebleed');
  });
});

describe('nameSimilarity', () => {
  it('is 1 for the same stem and 0 when the track numbers differ, however close the names', () => {
    expect(nameSimilarity('01はじめに', '01はじめに')).toBe(1);
    expect(nameSimilarity('01はじめに', '02はじめに')).toBe(0);
  });

  it('falls with the edit distance', () => {
    expect(nameSimilarity('01はじめに', '01はじめに中文')).toBeCloseTo(0.75);
  });
});
