/** The two low-bitrate formats: Opus in WebM (the default) and AAC in M4A (for browsers without Opus). */
export type TranscodeFormat = 'webm' | 'm4a';

export const TRANSCODE_FORMATS: readonly TranscodeFormat[] = ['webm', 'm4a'];

/** Target bitrate of a low-bitrate stream, in kbit/s (contract section 7: about 96). */
export const LOW_BITRATE_KBPS = 96;

export interface TranscodeArgsOptions {
  /**
   * An ffmpeg input URL built by the server, never a library path: the transcoder opens the file itself
   * and hands the descriptor over as stdin, so odd or non-UTF-8 names never reach the command line.
   */
  input: string;
  /** Absolute path of the temporary output file (its name does not tell ffmpeg the format: `-f` does). */
  output: string;
  /**
   * M4A: absolute path of a second, fragmented copy that listeners read while ffmpeg writes (the
   * output's index is only complete, and moved to the front, at the end). Not used for WebM: its output
   * plays as it grows.
   */
  growing: string;
  format: TranscodeFormat;
  bitrateKbps?: number;
}

/**
 * The input URL for a descriptor passed as stdin. On Linux `/proc/self/fd/0` reopens that very file, so
 * ffmpeg can seek in it (an M4A with its index at the end needs that); elsewhere it is read as a pipe.
 * The `file:` prefix keeps ffmpeg from reading anything in it as a protocol or an option.
 */
export function stdinInput(platform: NodeJS.Platform = process.platform): string {
  return platform === 'linux' ? 'file:/proc/self/fd/0' : 'pipe:0';
}

/** A path as one slave file name of ffmpeg's tee muxer: single-quoted, so `|`, `[`, `\` and spaces stay literal. */
export function teeQuote(path: string): string {
  return `'${path.replaceAll("'", "'\\''")}'`;
}

/**
 * The output arguments of an M4A transcode: one AAC encode written twice by the tee muxer. The fragmented
 * copy (an empty index up front, then a `moof` + `mdat` per second, flushed at once) can be played while
 * it grows; the other is the cached file, a plain MP4 whose index faststart moves to the front at the
 * end, so it seeks at once and answers ranges (Safari).
 */
function m4aOutputs(output: string, growing: string): string[] {
  const fragmented = 'f=mp4:flush_packets=1:movflags=+empty_moov+default_base_moof:frag_duration=1000000';
  return ['-f', 'tee', `[${fragmented}]${teeQuote(growing)}|[f=mp4:movflags=+faststart]${teeQuote(output)}`];
}

/**
 * ffmpeg's arguments for one transcode, as an array for `spawn` (never a shell). The first audio stream
 * only, no video (cover art), no metadata or chapters (tags stay with the original), errors only on
 * stderr so its last line is the reason of a failure.
 */
export function transcodeArgs(options: TranscodeArgsOptions): string[] {
  const bitrate = `${options.bitrateKbps ?? LOW_BITRATE_KBPS}k`;
  const codec =
    options.format === 'webm'
      ? // The muxer writes whole clusters: one a second (not five) so a growing file has sound to play
        // sooner, and flushed at once; the cues then point at every second, which helps seeking too.
        [
          ...['-c:a', 'libopus', '-b:a', bitrate, '-vbr', 'on', '-application', 'audio'],
          ...['-cluster_time_limit', '1000', '-flush_packets', '1', '-f', 'webm', options.output],
        ]
      : ['-c:a', 'aac', '-b:a', bitrate, ...m4aOutputs(options.output, options.growing)];
  return [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-i',
    options.input,
    '-map',
    '0:a:0',
    '-vn',
    '-sn',
    '-dn',
    '-map_metadata',
    '-1',
    '-map_chapters',
    '-1',
    ...codec,
  ];
}

/** The last meaningful line ffmpeg wrote to stderr, without the input URL it starts with. */
export function lastErrorLine(stderr: string, input: string): string {
  const lines = stderr
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const last = lines.at(-1) ?? 'ffmpeg failed without a message';
  const withoutInput = last.startsWith(`${input}: `) ? last.slice(input.length + 2) : last;
  return withoutInput.length > 300 ? `${withoutInput.slice(0, 300)}…` : withoutInput;
}
