import { describe, expect, it } from 'vitest';
import { detectCharset } from '../../../src/media/text-charset.js';

// Encoded with Python's codecs: 'こんにちは、世界。歌詞ファイルです' and '你好，世界。这是歌词文件，我们一起听音乐吧'.
const SHIFT_JIS = Buffer.from('82b182f182c982bf82cd814190a28a45814289cc8e8c837483408343838b82c582b7', 'hex');
const GBK = Buffer.from(
  'c4e3bac3a3accac0bde7a1a3d5e2cac7b8e8b4cacec4bcfea3acced2c3c7d2bbc6f0ccfdd2f4c0d6b0c9',
  'hex',
);
/** '中文' in GBK: every byte is also a half-width katakana in Shift_JIS, so both decoders accept it. */
const GBK_AMBIGUOUS = Buffer.from('d6d0cec4', 'hex');

describe('detectCharset', () => {
  it('takes UTF-8, with or without BOM, and plain ASCII as UTF-8', () => {
    expect(detectCharset(Buffer.from('[00:01.00]こんにちは'), false)).toBe('utf-8');
    expect(detectCharset(Buffer.from('\uFEFF[00:01.00]hello'), false)).toBe('utf-8');
    expect(detectCharset(Buffer.from('plain'), false)).toBe('utf-8');
    expect(detectCharset(Buffer.alloc(0), false)).toBe('utf-8');
  });

  it('reads UTF-16 byte order marks', () => {
    expect(
      detectCharset(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('hi', 'utf16le')]), false),
    ).toBe('utf-16le');
    expect(detectCharset(Buffer.from([0xfe, 0xff, 0x00, 0x68]), false)).toBe('utf-16be');
  });

  it('tells Shift_JIS from GBK', () => {
    expect(detectCharset(SHIFT_JIS, false)).toBe('shift_jis');
    expect(detectCharset(GBK, false)).toBe('gbk');
    expect(detectCharset(GBK_AMBIGUOUS, false)).toBe('gbk');
  });

  it('tolerates a character cut in two at the end of a truncated sample', () => {
    const utf8 = Buffer.from('あいう').subarray(0, 7);
    expect(detectCharset(utf8, true)).toBe('utf-8');
    expect(detectCharset(SHIFT_JIS.subarray(0, SHIFT_JIS.length - 1), true)).toBe('shift_jis');
  });

  it('falls back to UTF-8 when nothing decodes', () => {
    expect(detectCharset(Buffer.from([0x80, 0xff, 0xfe, 0xfd, 0x41]), false)).toBe('utf-8');
  });
});
