import { isEditedCover } from '../media/edited-cover.js';
import { readLibraryFile } from '../media/library-file.js';
import { isRemoteCover } from '../media/remote-cover-source.js';
import { chooseCoverImage } from './choose-cover.js';
import type { AudioReader } from './read-audio-headers.js';
import type { IndexedFile, ScanReporter } from './scan-types.js';

/** Where generated covers go: `media/cover-store.ts` in production. Throws on an undecodable image. */
export interface CoverSaver {
  save(image: Buffer): Promise<string>;
}

export interface CoverResult {
  coverKey: string | null;
  /** Identifies the source image (which file, its size and mtime); null when there is none. */
  coverSource: string | null;
}

/** Cover images are a few MiB at most: a larger "image" is not read into memory (nor handed to sharp). */
const COVER_IMAGE_MAX_BYTES = 64 * 1024 * 1024;

/** Audio files tried for an embedded picture when the work has no image files: bounds the cost. */
const EMBEDDED_PICTURE_TRIES = 8;

function sourceOf(kind: 'file' | 'embedded', file: IndexedFile): string {
  return `${kind}:${file.size}:${file.mtimeMs}:${file.path.raw ?? file.path.text}`;
}

/**
 * Phase 5, covers: the chosen image file (see choose-cover.ts), else the embedded picture of the first
 * audio file that has one, handed to the cover store. When the source is the one the stored cover was
 * made from, nothing is re-made. A corrupt image is reported and the work gets no cover. A cover an
 * administrator chose (media/edited-cover.ts) is kept as it is.
 */
export async function makeCover(
  files: readonly IndexedFile[],
  previous: CoverResult | null,
  remake: boolean,
  deps: {
    covers: CoverSaver;
    audio: AudioReader;
    /** The administrator prefers fetched covers (`SASAYAKI_DLSITE_COVER_PREFERRED`): a fetched one stays. */
    preferRemoteCover?: boolean;
  },
  reporter: ScanReporter,
  workDisplay: string,
): Promise<CoverResult> {
  // An administrator's cover stays until they revert it, through full scans too.
  if (previous && isEditedCover(previous.coverSource)) return previous;
  if (deps.preferRemoteCover && previous?.coverKey && isRemoteCover(previous.coverSource)) return previous;
  const image = chooseCoverImage(files);
  const candidates = image ? [{ file: image, kind: 'file' as const }] : embeddedCandidates(files);
  for (const { file, kind } of candidates) {
    const coverSource = sourceOf(kind, file);
    if (!remake && previous?.coverKey && previous.coverSource === coverSource) return previous;
    let bytes: Buffer | null;
    try {
      bytes =
        kind === 'file'
          ? await readLibraryFile(file.absPath, file.rootDir, COVER_IMAGE_MAX_BYTES)
          : await deps.audio.readPicture(file.absPath, file.rootDir);
    } catch (error) {
      reporter.issue(
        `${workDisplay}/${file.path.text}`,
        `Cannot read cover image: ${(error as Error).message}`,
        'error',
        'failed',
      );
      return { coverKey: null, coverSource: null };
    }
    if (bytes === null) continue;
    try {
      return { coverKey: await deps.covers.save(bytes), coverSource };
    } catch (error) {
      reporter.issue(`${workDisplay}/${file.path.text}`, (error as Error).message, 'error', 'failed');
      return { coverKey: null, coverSource: null };
    }
  }
  // Nothing of its own: a cover fetched from DLsite stays (the fetch job made it; a rescan must not drop it).
  if (previous?.coverKey && isRemoteCover(previous.coverSource)) return previous;
  return { coverKey: null, coverSource: null };
}

function embeddedCandidates(files: readonly IndexedFile[]): Array<{ file: IndexedFile; kind: 'embedded' }> {
  return files
    .filter((file) => file.type === 'audio' && file.size > 0)
    .slice(0, EMBEDDED_PICTURE_TRIES)
    .map((file) => ({ file, kind: 'embedded' as const }));
}
