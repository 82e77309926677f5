import { close } from 'node:fs';
import { extname } from 'node:path';
import type { IAudioMetadata, IOptions } from 'music-metadata';
import { openLibraryFile } from '../media/library-file.js';
import { BudgetedTokenizer } from './budgeted-tokenizer.js';
import { probeWithFfprobe } from './ffprobe-adapter.js';

/** music-metadata loads with the first scan, not with the server (see util/lazy-import.ts). */
const loadMusicMetadata = () => import('music-metadata');

/** The tags metadata is taken from (metadata/audio-tags-provider.ts): album → title, artist → voice actors, album artist → circle. */
export interface AudioTags {
  album: string | null;
  artist: string | null;
  albumartist: string | null;
}

export interface AudioHeaders {
  duration: number | null;
  /** Bits per second. */
  bitrate: number | null;
  tags: AudioTags;
  /** Why duration could not be read, when it could not. */
  problem: string | null;
}

/**
 * The audio side effects behind one interface, so the pipeline can be tested with a fake. `root` is the
 * file's library folder: the file is opened only when it really lies inside it (media/library-file.ts).
 */
export interface AudioReader {
  readHeaders(path: string | Buffer, root: string): Promise<AudioHeaders>;
  readTags(path: string | Buffer, root: string): Promise<AudioTags>;
  /** The embedded cover picture, if the file has one. */
  readPicture(path: string | Buffer, root: string): Promise<Buffer | null>;
}

export interface AudioReaderOptions {
  ffprobeTimeoutMs?: number;
  /** The most music-metadata may read of one file in one pass before giving up on it (ffprobe then). */
  readBudgetBytes?: number;
  /** Told how many bytes each pass read, for tests. */
  onRead?: (bytes: number) => void;
}

/**
 * Headers, tags, an embedded picture and the frames music-metadata reads when the headers give no duration
 * fit in a few MiB for real audio; 16 MiB leaves room for large embedded pictures. Past it the file is
 * handed to ffprobe, which estimates a duration from the bitrate.
 */
const READ_BUDGET_BYTES = 16 * 1024 * 1024;

const NO_TAGS: AudioTags = { album: null, artist: null, albumartist: null };

function finite(value: number | undefined): number | null {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : null;
}

/**
 * One music-metadata pass over a library file: opened and checked once (never by name inside
 * music-metadata, so a link swapped in after the scan's walk is refused), read through a tokenizer that
 * stops at the budget. The extension still picks the parser, as music-metadata's own `parseFile` does.
 */
async function parse(
  path: string | Buffer,
  root: string,
  options: IOptions,
  budget: Required<Pick<AudioReaderOptions, 'readBudgetBytes'>> & Pick<AudioReaderOptions, 'onRead'>,
): Promise<IAudioMetadata> {
  const { parseFromTokenizer } = await loadMusicMetadata();
  const { fd, stats } = await openLibraryFile(path, root);
  const name = `file${extname(typeof path === 'string' ? path : path.toString('latin1'))}`;
  const tokenizer = new BudgetedTokenizer(fd, { size: stats.size, path: name }, budget.readBudgetBytes);
  try {
    return await parseFromTokenizer(tokenizer, options);
  } finally {
    budget.onRead?.(tokenizer.bytesRead);
    close(fd, () => {});
  }
}

function tagsOf(metadata: IAudioMetadata): AudioTags {
  return {
    album: metadata.common.album?.trim() || null,
    artist: metadata.common.artist?.trim() || null,
    albumartist: metadata.common.albumartist?.trim() || null,
  };
}

/**
 * Phase 3, read tags and durations: music-metadata from the headers first (the whole file only when the
 * headers do not say), ffprobe for what it cannot read. A file neither can read keeps a null duration and
 * the problem is reported; it never stops the scan.
 */
export function createAudioReader(ffprobePath: string, options: AudioReaderOptions = {}): AudioReader {
  const ffprobeTimeoutMs = options.ffprobeTimeoutMs ?? 15_000;
  const budget = { readBudgetBytes: options.readBudgetBytes ?? READ_BUDGET_BYTES, onRead: options.onRead };
  return {
    async readHeaders(path, root) {
      let problem: string | null = null;
      let tags = NO_TAGS;
      try {
        let metadata = await parse(path, root, { skipCovers: true, duration: false }, budget);
        tags = tagsOf(metadata);
        if (finite(metadata.format.duration) === null)
          metadata = await parse(path, root, { skipCovers: true, duration: true }, budget);
        const duration = finite(metadata.format.duration);
        if (duration !== null)
          return { duration, bitrate: roundOrNull(finite(metadata.format.bitrate)), tags, problem: null };
        problem = 'no duration in the headers';
      } catch (error) {
        problem = (error as Error).message;
      }
      const probed = await probeWithFfprobe(ffprobePath, path, root, ffprobeTimeoutMs);
      if (probed?.duration != null) return { ...probed, tags, problem: null };
      return {
        duration: null,
        bitrate: probed?.bitrate ?? null,
        tags,
        problem: `Cannot read audio duration: ${problem}`,
      };
    },
    async readTags(path, root) {
      try {
        return tagsOf(await parse(path, root, { skipCovers: true, duration: false }, budget));
      } catch {
        return NO_TAGS;
      }
    },
    async readPicture(path, root) {
      try {
        const { selectCover } = await loadMusicMetadata();
        const picture = selectCover(
          (await parse(path, root, { skipCovers: false, duration: false }, budget)).common.picture,
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
