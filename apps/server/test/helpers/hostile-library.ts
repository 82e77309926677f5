import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

/** RIFF INFO tags music-metadata maps to album (IPRD) and artist (IART). */
export interface WavTags {
  album?: string;
  artist?: string;
}

function infoChunk(tags: WavTags): Buffer {
  const entries = Object.entries({ IPRD: tags.album, IART: tags.artist }).filter(
    (entry): entry is [string, string] => entry[1] !== undefined,
  );
  if (entries.length === 0) return Buffer.alloc(0);
  const subChunks = entries.map(([id, value]) => {
    const text = Buffer.from(`${value}\0`, 'utf8');
    const padded = text.length % 2 ? Buffer.concat([text, Buffer.alloc(1)]) : text;
    const header = Buffer.alloc(8);
    header.write(id, 0, 'ascii');
    header.writeUInt32LE(text.length, 4);
    return Buffer.concat([header, padded]);
  });
  const body = Buffer.concat([Buffer.from('INFO'), ...subChunks]);
  const header = Buffer.alloc(8);
  header.write('LIST', 0, 'ascii');
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body]);
}

/** A tiny valid WAV: 8 kHz, mono, 8-bit PCM silence of the given length. */
export function wav(seconds: number, tags: WavTags = {}): Buffer {
  const sampleRate = 8000;
  const data = Buffer.alloc(Math.round(sampleRate * seconds), 128);
  const info = infoChunk(tags);
  const fmt = Buffer.alloc(24);
  fmt.write('fmt ', 0, 'ascii');
  fmt.writeUInt32LE(16, 4);
  fmt.writeUInt16LE(1, 8); // PCM
  fmt.writeUInt16LE(1, 10); // mono
  fmt.writeUInt32LE(sampleRate, 12);
  fmt.writeUInt32LE(sampleRate, 16); // byte rate
  fmt.writeUInt16LE(1, 20); // block align
  fmt.writeUInt16LE(8, 22); // bits per sample
  const dataHeader = Buffer.alloc(8);
  dataHeader.write('data', 0, 'ascii');
  dataHeader.writeUInt32LE(data.length, 4);
  const riff = Buffer.alloc(12);
  riff.write('RIFF', 0, 'ascii');
  riff.writeUInt32LE(4 + fmt.length + info.length + dataHeader.length + data.length, 4);
  riff.write('WAVE', 8, 'ascii');
  return Buffer.concat([riff, fmt, info, dataHeader, data]);
}

export async function png(width = 16, height = 16): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#c04080' } })
    .png()
    .toBuffer();
}

function put(path: string, content: Buffer | string = ''): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, content);
}

export const WORKINFO = {
  id: 1234567,
  title: 'Official Title',
  circle: { id: 4242, name: 'Official Circle' },
  vas: [{ id: '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d', name: 'Voice One' }, { name: 'Voice Two' }],
  tags: [
    {
      id: 497,
      name: 'ASMR',
      i18n: { 'en-us': { name: 'ASMR' }, 'ja-jp': { name: '耳かき' }, 'zh-cn': { name: '掏耳朵' } },
    },
  ],
  release: '2021-05-01',
  price: 1320,
  dl_count: 1234,
  nsfw: false,
  age_category_string: 'general',
  rate_average_2dp: 4.71,
  rate_count: 210,
  rate_count_detail: [{ review_point: 5, count: 200, ratio: 95 }],
  review_count: 5,
  unknown_field: { ignored: true },
};

/** Names of things the hostile library contains, for assertions. */
export const HOSTILE = {
  nonUtf8FileName: Buffer.concat([Buffer.from('bad-'), Buffer.from([0xff, 0xfe]), Buffer.from('.txt')]),
  nonUtf8WorkFolder: Buffer.concat([Buffer.from('RJ200006 '), Buffer.from([0xc3, 0x28])]),
  newlineName: 'line\nbreak.txt',
  quoteName: `quote "double" 'single'.txt`,
  deepLevels: 30,
  manyFiles: 3000,
};

/**
 * A library built to break scanners: works with 6- and 8-digit codes, nesting, a symbolic link loop, a
 * link out of the library, a FIFO, an unreadable folder, zero-byte and corrupt audio, names that are not
 * UTF-8 or hold newlines and quotes, 30 levels of folders, a folder of 3,000 files, a duplicate code, a
 * good and a broken workinfo.json. `outside` is a sibling folder the library must never reach.
 */
export async function createHostileLibrary(base: string): Promise<{ root: string; outside: string }> {
  const root = join(base, 'library');
  const outside = join(base, 'outside');
  mkdirSync(root, { recursive: true });
  put(join(outside, 'RJ299999 Outside Work', 'secret.wav'), wav(0.1));

  // Named after the workinfo's circle: both works must end up on the circle's official id.
  put(join(root, 'RJ200008 [Official Circle] Folder Named', 'a.wav'), wav(0.1));

  // A plain work: cover, tracks in natural order, subtitles in three styles, a sub-folder.
  const plain = join(root, '[サークルA] 普通の作品 RJ123456');
  put(join(plain, 'cover.png'), await png(32, 32));
  put(join(plain, 'big.png'), await png(64, 64));
  put(join(plain, '10 track.wav'), wav(0.5));
  put(join(plain, '2 track.wav'), wav(0.25));
  put(join(plain, '01 track.wav'), wav(0.25));
  put(join(plain, '01 track.lrc'), '[00:00.00]hello');
  put(join(plain, '2 track.wav.VTT'), 'WEBVTT');
  put(join(plain, 'extras', 'Notes.txt'), 'notes');
  put(join(plain, 'extras', 'a', 'b.txt'), 'b');
  put(join(plain, 'subs', '10 track.srt'), '1\n00:00:00,000 --> 00:00:01,000\nhi\n');

  // 8-digit code with a workinfo.json, deeper in the tree (depth 2).
  const eight = join(root, 'collection', 'RJ01234567 [Circle B] Eight Digit');
  put(join(eight, 'workinfo.json'), JSON.stringify(WORKINFO));
  put(join(eight, 'Disc 1', 'track.wav'), wav(1));

  // Nested at depth 4 (found) and depth 7 (beyond maxDepth 5: not found).
  put(join(root, 'a', 'b', 'c', 'RJ200001 Nested Work', 'x.wav'), wav(0.1));
  put(join(root, 'a', 'b', 'c', 'd', 'e', 'f', 'RJ200009 Too Deep', 'x.wav'), wav(0.1));

  // 30 levels of folders inside one work.
  const levels = Array.from({ length: HOSTILE.deepLevels }, (_, i) => `level${i + 1}`);
  put(join(root, 'RJ200002 Deep', ...levels, 'deep.wav'), wav(0.1));

  // One folder with 3,000 files.
  const many = join(root, 'RJ200003 Many Files');
  mkdirSync(join(many, 'pages'), { recursive: true });
  for (let i = 1; i <= HOSTILE.manyFiles; i++) writeFileSync(join(many, 'pages', `page ${i}.txt`), '');
  put(join(many, 'audio.wav'), wav(0.1));

  // Hostile entries.
  const hostile = join(root, 'RJ200004 [Hostile] Hostile Names');
  put(join(hostile, 'good.wav'), wav(0.2));
  put(join(hostile, 'empty.mp3'), '');
  put(join(hostile, 'broken.flac'), Buffer.concat([Buffer.from('fLaC'), Buffer.alloc(64, 7)]));
  writeFileSync(Buffer.concat([Buffer.from(`${hostile}/`), HOSTILE.nonUtf8FileName]), 'bytes');
  put(join(hostile, HOSTILE.newlineName), 'newline');
  put(join(hostile, HOSTILE.quoteName), 'quotes');
  execFileSync('mkfifo', [join(hostile, 'pipe.wav')]);
  symlinkSync('.', join(hostile, 'loop'));
  symlinkSync(outside, join(hostile, 'outside-link'));
  put(join(hostile, 'locked', 'hidden.txt'), 'hidden');
  chmodSync(join(hostile, 'locked'), 0o000);

  // A broken workinfo.json: the folder name is used.
  const broken = join(root, 'RJ200005 [Broken Circle] Broken Info');
  put(join(broken, 'workinfo.json'), '{ "title": ');
  put(join(broken, 'a.wav'), wav(0.1));

  // A work folder whose own name is not UTF-8.
  const badFolder = Buffer.concat([Buffer.from(`${root}/`), HOSTILE.nonUtf8WorkFolder]);
  mkdirSync(badFolder);
  writeFileSync(Buffer.concat([badFolder, Buffer.from('/t.wav')]), wav(0.1));

  // Metadata from audio tags only.
  put(
    join(root, 'RJ200007', 'tagged.wav'),
    wav(0.1, { album: 'Album From Tags', artist: 'Artist From Tags' }),
  );

  // The same code twice: the first in path order wins ('[' sorts before 'd', so the plain work above).
  put(join(root, 'dupes', 'RJ123456 copy', 'copy.wav'), wav(0.1));

  // Links at the root: a loop and an escape.
  symlinkSync('.', join(root, 'root-loop'));
  symlinkSync(outside, join(root, 'escape'));
  return { root, outside };
}

/** Undoes what stops a recursive delete (the unreadable folder). */
export function unlockHostileLibrary(root: string): void {
  try {
    chmodSync(join(root, 'RJ200004 [Hostile] Hostile Names', 'locked'), 0o755);
  } catch {
    // Already gone.
  }
}

/**
 * What an attacker with write access to the library does after a scan: moves a file or folder aside and
 * puts a symbolic link to `target` in its place, under the name the index still holds.
 */
export function replaceWithLink(path: string, target: string): void {
  renameSync(path, `${path}.moved-aside`);
  symlinkSync(target, path);
}
