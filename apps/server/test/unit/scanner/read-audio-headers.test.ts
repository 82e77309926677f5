import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAudioReader } from '../../../src/scanner/read-audio-headers.js';
import { wav } from '../../helpers/hostile-library.js';

const root = mkdtempSync(join(tmpdir(), 'sasayaki-audio-headers-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;

/** A reader that adds up what music-metadata read, pass by pass. */
function countingReader(readBudgetBytes?: number) {
  const passes: number[] = [];
  const reader = createAudioReader('ffprobe', { readBudgetBytes, onRead: (bytes) => passes.push(bytes) });
  return { reader, passes };
}

/** An ID3v2.4 tag of UTF-8 text frames, followed by nothing: enough for music-metadata's tags. */
function id3(frames: Record<string, string>): Buffer {
  const syncsafe = (n: number) =>
    Buffer.from([(n >> 21) & 0x7f, (n >> 14) & 0x7f, (n >> 7) & 0x7f, n & 0x7f]);
  const body = Buffer.concat(
    Object.entries(frames).map(([id, text]) => {
      const data = Buffer.concat([Buffer.from([3]), Buffer.from(text, 'utf8')]);
      return Buffer.concat([Buffer.from(id, 'ascii'), syncsafe(data.length), Buffer.alloc(2), data]);
    }),
  );
  return Buffer.concat([Buffer.from('ID3'), Buffer.from([4, 0, 0]), syncsafe(body.length), body]);
}

describe('createAudioReader', () => {
  it('reads a 5 GiB file with an audio name but no audio in it only up to its budget per pass', async () => {
    const big = join(root, 'big.mp3');
    writeFileSync(big, '');
    truncateSync(big, 5 * GiB);
    const { reader, passes } = countingReader(4 * MiB);
    const headers = await reader.readHeaders(big, root);
    expect(headers.duration).toBeNull();
    expect(headers.problem).toMatch(/Cannot read audio duration/);
    expect(passes.length).toBeGreaterThan(0);
    for (const bytes of passes) expect(bytes).toBeLessThanOrEqual(4 * MiB);
    await reader.readTags(big, root);
    await reader.readPicture(big, root);
    expect(passes.reduce((sum, bytes) => sum + bytes, 0)).toBeLessThanOrEqual(passes.length * 4 * MiB);
  });

  it('still reads durations, bitrates and tags of real audio well within the budget', async () => {
    const file = join(root, 'tone.wav');
    writeFileSync(file, wav(2, { album: 'Album', artist: 'Artist' }));
    const { reader, passes } = countingReader();
    const headers = await reader.readHeaders(file, root);
    expect(headers.duration).toBeCloseTo(2, 1);
    expect(headers.bitrate).toBe(64_000);
    expect(headers.tags).toEqual({ album: 'Album', artist: 'Artist', albumartist: null });
    expect(Math.max(...passes)).toBeLessThan(64 * 1024);
  });

  it('reads the album artist apart from the artist (circle and voice actor)', async () => {
    const file = join(root, 'tagged.mp3');
    writeFileSync(file, id3({ TALB: 'アルバム', TPE1: '声優A、声優B', TPE2: 'サークル' }));
    const { reader } = countingReader();
    expect(await reader.readTags(file, root)).toEqual({
      album: 'アルバム',
      artist: '声優A、声優B',
      albumartist: 'サークル',
    });
  });

  it('reads nothing of a file outside its library folder', async () => {
    const other = mkdtempSync(join(tmpdir(), 'sasayaki-audio-outside-'));
    try {
      const file = join(other, 'tone.wav');
      writeFileSync(file, wav(1, { album: 'Outside' }));
      const { reader, passes } = countingReader();
      const headers = await reader.readHeaders(file, root);
      expect(headers.duration).toBeNull();
      expect(headers.tags.album).toBeNull();
      expect(await reader.readTags(file, root)).toEqual({ album: null, artist: null, albumartist: null });
      expect(passes).toEqual([]);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});
