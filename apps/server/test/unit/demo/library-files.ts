import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Every file under `dir`, as '/'-separated relative paths, sorted. */
export function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

/** A digest of the file tree: paths and bytes of every file. */
export function digestTree(dir: string): string {
  const hash = createHash('sha256');
  for (const file of listFiles(dir))
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(dir, file)))
      .update('\0');
  return hash.digest('hex');
}

export interface WavHeader {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  dataBytes: number;
  seconds: number;
}

/** Parses a RIFF/WAVE file chunk by chunk, checking every size against the file's length. */
export function parseWav(bytes: Buffer): WavHeader {
  if (bytes.toString('ascii', 0, 4) !== 'RIFF' || bytes.toString('ascii', 8, 12) !== 'WAVE')
    throw new Error('not RIFF/WAVE');
  if (bytes.readUInt32LE(4) !== bytes.length - 8) throw new Error('RIFF size does not match the file');
  let offset = 12;
  let format: Omit<WavHeader, 'dataBytes' | 'seconds'> | null = null;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('ascii', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    if (offset + 8 + size > bytes.length) throw new Error(`chunk ${id} runs past the end`);
    if (id === 'fmt ') {
      if (bytes.readUInt16LE(offset + 8) !== 1) throw new Error('not PCM');
      const channels = bytes.readUInt16LE(offset + 10);
      const sampleRate = bytes.readUInt32LE(offset + 12);
      const byteRate = bytes.readUInt32LE(offset + 16);
      const blockAlign = bytes.readUInt16LE(offset + 20);
      const bitsPerSample = bytes.readUInt16LE(offset + 22);
      if (blockAlign !== (channels * bitsPerSample) / 8 || byteRate !== sampleRate * blockAlign) {
        throw new Error('inconsistent fmt chunk');
      }
      format = { sampleRate, channels, bitsPerSample };
    }
    if (id === 'data') {
      if (!format) throw new Error('data before fmt');
      const seconds = size / ((format.sampleRate * format.channels * format.bitsPerSample) / 8);
      return { ...format, dataBytes: size, seconds };
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error('no data chunk');
}
