import { spawn } from 'node:child_process';
import { close } from 'node:fs';
import { openLibraryFile } from '../media/library-file.js';

export interface ProbedAudio {
  duration: number | null;
  bitrate: number | null;
}

const FFPROBE_ARGS = ['-v', 'error', '-show_entries', 'format=duration,bit_rate', '-of', 'json'];
const MAX_OUTPUT = 64 * 1024;

function positive(value: unknown): number | null {
  const number = typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(number) && number > 0 ? number : null;
}

/**
 * Asks ffprobe for duration and bitrate: the fallback for what music-metadata cannot read. The file is
 * opened here and checked to be a regular file inside its library folder `root` (media/library-file.ts),
 * then handed to ffprobe as fd 3: ffprobe never opens a library path by name, and names with any bytes,
 * newlines or quotes never pass through an argument. Spawned directly, with a timeout; resolves null when
 * ffprobe is missing, fails, or times out.
 */
export async function probeWithFfprobe(
  ffprobePath: string,
  path: string | Buffer,
  root: string,
  timeoutMs: number,
): Promise<ProbedAudio | null> {
  const opened = await openLibraryFile(path, root).catch(() => null);
  if (!opened) return null;
  const { fd } = opened;
  try {
    const output = await new Promise<string | null>((resolve) => {
      const child = spawn(ffprobePath, [...FFPROBE_ARGS, '-i', 'file:/dev/fd/3'], {
        stdio: ['ignore', 'pipe', 'ignore', fd],
        timeout: timeoutMs,
        killSignal: 'SIGKILL',
      });
      let text = '';
      child.stdout?.setEncoding('utf8');
      child.stdout?.on('data', (chunk: string) => {
        if (text.length < MAX_OUTPUT) text += chunk;
      });
      child.on('error', () => resolve(null));
      child.on('close', (code) => resolve(code === 0 ? text : null));
    });
    if (output === null) return null;
    const format = (JSON.parse(output) as { format?: { duration?: unknown; bit_rate?: unknown } }).format;
    const duration = positive(format?.duration);
    const bitrate = positive(format?.bit_rate);
    return duration === null && bitrate === null
      ? null
      : { duration, bitrate: bitrate === null ? null : Math.round(bitrate) };
  } catch {
    return null;
  } finally {
    close(fd, () => {});
  }
}
