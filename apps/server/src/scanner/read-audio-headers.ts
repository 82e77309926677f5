import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import type { IAudioMetadata, IOptions } from 'music-metadata';
import { probeWithFfprobe } from './ffprobe-adapter.js';

/** music-metadata loads with the first scan, not with the server (see util/lazy-import.ts). */
const loadMusicMetadata = () => import('music-metadata');

export interface AudioTags {
  album: string | null;
  artist: string | null;
}

export interface AudioHeaders {
  duration: number | null;
  /** Bits per second. */
  bitrate: number | null;
  tags: AudioTags;
  /** Why duration could not be read, when it could not. */
  problem: string | null;
}

/** The audio side effects behind one interface, so the pipeline can be tested with a fake. */
export interface AudioReader {
  readHeaders(path: string | Buffer): Promise<AudioHeaders>;
  readTags(path: string | Buffer): Promise<AudioTags>;
  /** The embedded cover picture, if the file has one. */
  readPicture(path: string | Buffer): Promise<Buffer | null>;
}

const NO_TAGS: AudioTags = { album: null, artist: null };

function finite(value: number | undefined): number | null {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : null;
}

/**
 * music-metadata opens files by name. A name that is not valid UTF-8 has no string form, so such a file
 * is opened here (non-blocking, regular files only) and read through its /dev/fd entry.
 */
async function withReadablePath<T>(path: string | Buffer, read: (name: string) => Promise<T>): Promise<T> {
  if (typeof path === 'string') return read(path);
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    if (!(await handle.stat()).isFile()) throw new Error('not a regular file');
    return await read(`/dev/fd/${handle.fd}`);
  } finally {
    await handle.close();
  }
}

async function parse(path: string | Buffer, options: IOptions): Promise<IAudioMetadata> {
  const { parseFile } = await loadMusicMetadata();
  return withReadablePath(path, (name) => parseFile(name, options));
}

function tagsOf(metadata: IAudioMetadata): AudioTags {
  return {
    album: metadata.common.album?.trim() || null,
    artist: (metadata.common.albumartist ?? metadata.common.artist)?.trim() || null,
  };
}

/**
 * Phase 3, read tags and durations: music-metadata from the headers first (the whole file only when the
 * headers do not say), ffprobe for what it cannot read. A file neither can read keeps a null duration and
 * the problem is reported; it never stops the scan.
 */
export function createAudioReader(ffprobePath: string, ffprobeTimeoutMs = 15_000): AudioReader {
  return {
    async readHeaders(path) {
      let problem: string | null = null;
      let tags = NO_TAGS;
      try {
        let metadata = await parse(path, { skipCovers: true, duration: false });
        tags = tagsOf(metadata);
        if (finite(metadata.format.duration) === null)
          metadata = await parse(path, { skipCovers: true, duration: true });
        const duration = finite(metadata.format.duration);
        if (duration !== null)
          return { duration, bitrate: roundOrNull(finite(metadata.format.bitrate)), tags, problem: null };
        problem = 'no duration in the headers';
      } catch (error) {
        problem = (error as Error).message;
      }
      const probed = await probeWithFfprobe(ffprobePath, path, ffprobeTimeoutMs);
      if (probed?.duration != null) return { ...probed, tags, problem: null };
      return {
        duration: null,
        bitrate: probed?.bitrate ?? null,
        tags,
        problem: `Cannot read audio duration: ${problem}`,
      };
    },
    async readTags(path) {
      try {
        return tagsOf(await parse(path, { skipCovers: true, duration: false }));
      } catch {
        return NO_TAGS;
      }
    },
    async readPicture(path) {
      try {
        const { selectCover } = await loadMusicMetadata();
        const picture = selectCover(
          (await parse(path, { skipCovers: false, duration: false })).common.picture,
        );
        return picture ? Buffer.from(picture.data) : null;
      } catch {
        return null;
      }
    },
  };
}

function roundOrNull(value: number | null): number | null {
  return value === null ? null : Math.round(value);
}
