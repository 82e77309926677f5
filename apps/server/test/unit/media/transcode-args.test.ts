import { describe, expect, it } from 'vitest';
import { chooseFormat, hasLowBitrateStream } from '../../../src/media/low-bitrate.js';
import { lastErrorLine, stdinInput, teeQuote, transcodeArgs } from '../../../src/media/transcode-args.js';
import { cacheName } from '../../../src/media/transcode-cache.js';

describe('transcodeArgs', () => {
  it('makes Opus in WebM at 96 kbit/s without video, metadata or chapters', () => {
    const args = transcodeArgs({
      input: 'file:/proc/self/fd/0',
      output: '/cache/a.part',
      growing: '/cache/a.part',
      format: 'webm',
    });
    expect(args.slice(0, 7)).toEqual([
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      '-y',
      '-i',
      'file:/proc/self/fd/0',
    ]);
    expect(args.join(' ')).toContain('-map 0:a:0 -vn -sn -dn -map_metadata -1 -map_chapters -1');
    expect(args.join(' ')).toContain('-c:a libopus -b:a 96k -vbr on -application audio');
    expect(args.join(' ')).toContain('-cluster_time_limit 1000 -flush_packets 1');
    expect(args.slice(-3)).toEqual(['-f', 'webm', '/cache/a.part']);
    expect(args).not.toContain('-movflags');
  });

  it('makes AAC once, written as an MP4 with the index at the front and a fragmented copy to stream', () => {
    const args = transcodeArgs({
      input: 'pipe:0',
      output: '/cache/b.part',
      growing: '/cache/b.growing.part',
      format: 'm4a',
      bitrateKbps: 64,
    });
    expect(args.join(' ')).toContain('-c:a aac -b:a 64k -f tee');
    expect(args.at(-1)).toBe(
      "[f=mp4:flush_packets=1:movflags=+empty_moov+default_base_moof:frag_duration=1000000]'/cache/b.growing.part'" +
        "|[f=mp4:movflags=+faststart]'/cache/b.part'",
    );
    expect(args).not.toContain('libopus');
  });

  it('keeps every value its own argument, whatever it contains', () => {
    const output = '/cache/with space; rm -rf ~ $(x).part';
    const args = transcodeArgs({ input: 'pipe:0', output, growing: output, format: 'webm' });
    expect(args.at(-1)).toBe(output);
  });

  it("quotes the tee muxer's file names, so separators and quotes in the cache path stay literal", () => {
    expect(teeQuote("/data/it's [a]|b\\c")).toBe("'/data/it'\\''s [a]|b\\c'");
  });

  it('reads stdin by reopening it on Linux and as a pipe elsewhere', () => {
    expect(stdinInput('linux')).toBe('file:/proc/self/fd/0');
    expect(stdinInput('darwin')).toBe('pipe:0');
  });
});

describe('lastErrorLine', () => {
  it('gives the last line without the input URL', () => {
    const stderr = 'something first\nfile:/proc/self/fd/0: Invalid data found when processing input\n\n';
    expect(lastErrorLine(stderr, 'file:/proc/self/fd/0')).toBe('Invalid data found when processing input');
  });
  it('has a message for silence and cuts long lines', () => {
    expect(lastErrorLine('', 'pipe:0')).toBe('ffmpeg failed without a message');
    expect(lastErrorLine('x'.repeat(1000), 'pipe:0')).toHaveLength(301);
  });
});

describe('hasLowBitrateStream', () => {
  const audio = (path: string, bitrate: number | null) => ({ type: 'audio', path, bitrate });
  it('takes audio above 160 kbit/s', () => {
    expect(hasLowBitrateStream(audio('a.mp3', 320_000))).toBe(true);
    expect(hasLowBitrateStream(audio('a.m4a', 256_000))).toBe(true);
    expect(hasLowBitrateStream(audio('a.mp3', 160_000))).toBe(false);
    expect(hasLowBitrateStream(audio('a.flac', 128_000))).toBe(false);
  });
  it('decides by extension when the bitrate is unknown', () => {
    expect(hasLowBitrateStream(audio('a.wav', null))).toBe(true);
    expect(hasLowBitrateStream(audio('b/C.FLAC', null))).toBe(true);
    expect(hasLowBitrateStream(audio('a.ape', null))).toBe(true);
    expect(hasLowBitrateStream(audio('a.mp3', null))).toBe(false);
    expect(hasLowBitrateStream(audio('a.opus', null))).toBe(false);
  });
  it('never takes other file types', () => {
    expect(hasLowBitrateStream({ type: 'text', path: 'a.wav', bitrate: null })).toBe(false);
    expect(hasLowBitrateStream({ type: 'image', path: 'a.png', bitrate: 900_000 })).toBe(false);
  });
});

describe('chooseFormat', () => {
  it('lets ?format= win', () => {
    expect(chooseFormat('m4a', 'audio/webm')).toEqual({ format: 'm4a', byAccept: false });
    expect(chooseFormat('webm', 'audio/mp4')).toEqual({ format: 'webm', byAccept: false });
  });
  it('defaults to WebM for */*, no header, or a header naming audio/webm', () => {
    expect(chooseFormat(undefined, undefined).format).toBe('webm');
    expect(chooseFormat(undefined, '*/*').format).toBe('webm');
    expect(chooseFormat(undefined, 'audio/*;q=0.9, */*;q=0.5').format).toBe('webm');
    const firefox =
      'audio/webm,audio/ogg,audio/wav,audio/*;q=0.9,application/ogg;q=0.7,video/*;q=0.6,*/*;q=0.5';
    expect(chooseFormat(undefined, firefox).format).toBe('webm');
  });
  it('gives M4A to a client that lists audio types without audio/webm', () => {
    expect(chooseFormat(undefined, 'audio/mp4, audio/mpeg, */*;q=0.8')).toEqual({
      format: 'm4a',
      byAccept: true,
    });
    expect(chooseFormat(undefined, 'AUDIO/AAC').format).toBe('m4a');
  });
});

describe('cacheName', () => {
  it('changes with the source size, modification time and format', () => {
    const key = {
      workId: 123456,
      fileId: 3,
      size: 1000,
      mtimeMs: 1_700_000_000_123.7,
      format: 'webm' as const,
    };
    expect(cacheName(key)).toBe(`123456-3-${(1000).toString(36)}-${(1_700_000_000_123).toString(36)}.webm`);
    expect(cacheName({ ...key, size: 1001 })).not.toBe(cacheName(key));
    expect(cacheName({ ...key, mtimeMs: key.mtimeMs + 1000 })).not.toBe(cacheName(key));
    expect(cacheName({ ...key, format: 'm4a' })).toMatch(/\.m4a$/);
  });
});
