import { describe, expect, it } from 'vitest';
import { contentTypeFor } from '../../../src/media/content-type.js';

describe('contentTypeFor', () => {
  it.each([
    ['a.mp3', 'audio/mpeg'],
    ['a.M4A', 'audio/mp4'],
    ['a.mp4', 'audio/mp4'],
    ['a.aac', 'audio/aac'],
    ['a.flac', 'audio/flac'],
    ['a.wav', 'audio/wav'],
    ['a.ogg', 'audio/ogg'],
    ['a.opus', 'audio/ogg; codecs=opus'],
    ['a.webm', 'audio/webm'],
    ['a.mka', 'audio/x-matroska'],
    ['a.ape', 'application/octet-stream'],
    ['a.JPG', 'image/jpeg'],
    ['a.jpeg', 'image/jpeg'],
    ['a.png', 'image/png'],
    ['a.webp', 'image/webp'],
    ['a.gif', 'image/gif'],
    ['a.bmp', 'image/bmp'],
    ['a.svg', 'application/octet-stream'],
    ['a.html', 'application/octet-stream'],
    ['noextension', 'application/octet-stream'],
  ])('%s is %s', (name, type) => {
    expect(contentTypeFor(name)).toBe(type);
  });

  it.each([
    ['a.txt', 'text/plain'],
    ['a.lrc', 'text/plain'],
    ['a.srt', 'text/plain'],
    ['a.ass', 'text/plain'],
    ['a.md', 'text/plain'],
    ['a.VTT', 'text/vtt'],
  ])('%s is %s with a detected charset', (name, type) => {
    const spec = contentTypeFor(name);
    expect(typeof spec).toBe('function');
    if (typeof spec === 'function') expect(spec(Buffer.from('hello'), false)).toBe(`${type}; charset=utf-8`);
  });
});
