import { execFileSync, spawn } from 'node:child_process';
import type { SpawnAdapter } from '../../src/media/transcoder.js';

/** Writes a stereo 44.1 kHz 16-bit sine WAV of `seconds` with ffmpeg's lavfi source. */
export function writeTone(path: string, seconds: number, frequency = 440): void {
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${frequency}:sample_rate=44100:duration=${seconds}`,
    '-ac',
    '2',
    path,
  ]);
}

/** What ffprobe sees in a file: format name, first audio codec and duration in seconds. */
export function probe(path: string): { format: string; codec: string; duration: number } {
  const out = execFileSync('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=format_name,duration:stream=codec_name',
    '-of',
    'json',
    path,
  ]).toString();
  const json = JSON.parse(out) as {
    format: { format_name: string; duration?: string };
    streams: Array<{ codec_name: string }>;
  };
  return {
    format: json.format.format_name,
    codec: json.streams[0]?.codec_name ?? '',
    duration: Number(json.format.duration ?? Number.NaN),
  };
}

/** The types of an MP4's top-level boxes in order (`ftyp`, `moov`, `moof`, `mdat`...), up to a cut-off box. */
export function mp4Boxes(bytes: Buffer): string[] {
  const types: string[] = [];
  for (let at = 0; at + 8 <= bytes.length; ) {
    const size = bytes.readUInt32BE(at);
    types.push(bytes.toString('latin1', at + 4, at + 8));
    if (size < 8) break; // 0 (to the end) or 1 (64-bit size): never written here.
    at += size;
  }
  return types;
}

/**
 * A spawn adapter that counts transcodes (the `-version` probe is not counted), tracks how many run at
 * once, and can slow ffmpeg's reading down (`-readrate`) so a transcode is still running when a test
 * looks at it.
 */
export function countingSpawn(options: { readrate?: number } = {}) {
  const state = { calls: [] as string[][], live: 0, maxLive: 0, spawn: undefined as unknown as SpawnAdapter };
  state.spawn = (command, args, spawnOptions) => {
    if (!args.includes('-i')) return spawn(command, args, spawnOptions);
    state.calls.push(args);
    const input = args.indexOf('-i');
    const slowed =
      options.readrate === undefined
        ? args
        : [...args.slice(0, input), '-readrate', String(options.readrate), ...args.slice(input)];
    const child = spawn(command, slowed, spawnOptions);
    state.live++;
    state.maxLive = Math.max(state.maxLive, state.live);
    child.once('close', () => {
      state.live--;
    });
    return child;
  };
  return state;
}
