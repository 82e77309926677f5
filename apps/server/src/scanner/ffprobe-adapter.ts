import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';

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
 * opened here (non-blocking, so a FIFO swapped in cannot hang us) and handed to ffprobe as fd 3: that
 * way names with any bytes, newlines or quotes never pass through an argument. Spawned directly, with a
 * timeout; resolves null when ffprobe is missing, fails, or times out.
 */
export async function probeWithFfprobe(
  ffprobePath: string,
  path: string | Buffer,
  timeoutMs: number,
): Promise<ProbedAudio | null> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return null;
  }
  try {
    if (!(await handle.stat()).isFile()) return null;
    const output = await new Promise<string | null>((resolve) => {
      const child = spawn(ffprobePath, [...FFPROBE_ARGS, '-i', 'file:/dev/fd/3'], {
        stdio: ['ignore', 'pipe', 'ignore', handle.fd],
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
    await handle.close();
  }
}
