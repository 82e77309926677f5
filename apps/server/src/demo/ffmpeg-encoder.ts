import { spawn, spawnSync } from 'node:child_process';

export interface EncodeTrack {
  input: string;
  output: string;
  format: 'mp3' | 'flac';
  tags: { title: string; artist: string; album: string };
}

/** True when `ffmpegPath -version` runs: the demo then also shows MP3 and FLAC files. */
export function hasFfmpeg(ffmpegPath: string): boolean {
  const result = spawnSync(ffmpegPath, ['-version'], { stdio: 'ignore' });
  return result.error === undefined && result.status === 0;
}

function outputArgs(track: EncodeTrack, inputIndex: number): string[] {
  const codec = track.format === 'mp3' ? ['-c:a', 'libmp3lame', '-b:a', '64k'] : ['-c:a', 'flac'];
  const { title, artist, album } = track.tags;
  return [
    ...['-map', `${inputIndex}:a`, '-map_metadata', '-1'],
    // Bit-exact mode leaves out the encoder version string, so reruns give the same bytes.
    ...['-fflags', '+bitexact', '-flags:a', '+bitexact'],
    ...['-metadata', `title=${title}`, '-metadata', `artist=${artist}`, '-metadata', `album=${album}`],
    ...codec,
    track.output,
  ];
}

/** Encodes a work's tracks in one ffmpeg process: starting ffmpeg costs more than encoding a short track. */
function encodeBatch(ffmpegPath: string, tracks: readonly EncodeTrack[]): Promise<boolean> {
  const args = [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'],
    ...tracks.flatMap((track) => ['-i', track.input]),
    ...tracks.flatMap((track, i) => outputArgs(track, i)),
  ];
  return new Promise((resolve) => {
    const child = spawn(ffmpegPath, args, { stdio: 'ignore' });
    child.once('error', () => resolve(false));
    child.once('close', (code) => resolve(code === 0));
  });
}

/**
 * A queue running at most `concurrency` ffmpeg processes: batches start as soon as they are added, so
 * encoding on one core overlaps with synthesis on the other. Each batch resolves with whether it succeeded.
 */
export function createEncodeQueue(
  ffmpegPath: string,
  concurrency: number,
): (tracks: readonly EncodeTrack[]) => Promise<boolean> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (tracks) => {
    if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await encodeBatch(ffmpegPath, tracks);
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}
