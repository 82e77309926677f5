import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { renderCover } from './covers.js';
import { createEncodeQueue, type EncodeTrack, hasFfmpeg } from './ffmpeg-encoder.js';
import { encodeWav, synthesizeTone } from './wav.js';
import { type DemoWork, planWork } from './work-layout.js';

/** Bump when the generator's output changes: existing demo libraries with another marker are rebuilt. */
export const DEMO_GENERATOR_VERSION = 1;
export const DEMO_MARKER_FILE = '.sasayaki-demo';
export const DEFAULT_DEMO_WORKS = 60;
export const DEFAULT_DEMO_SEED = 0x5a5a_2026;

export interface DemoOptions {
  /** Number of works (60 by default); tests use a handful. */
  works?: number;
  seed?: number;
  /** The ffmpeg binary used to add MP3 and FLAC copies ('ffmpeg' by default); null keeps everything WAV. */
  ffmpegPath?: string | null;
}

export interface DemoSummary {
  dir: string;
  works: number;
  files: number;
  bytes: number;
  seconds: number;
  /** Tracks encoded to MP3 or FLAC by ffmpeg (0 without ffmpeg). */
  encoded: number;
}

/** The marker's content: a library built with other settings or by another generator version is stale. */
export function demoMarker(options: DemoOptions = {}): string {
  return `sasayaki-demo generator=${DEMO_GENERATOR_VERSION} works=${options.works ?? DEFAULT_DEMO_WORKS} seed=${options.seed ?? DEFAULT_DEMO_SEED}\n`;
}

async function writeAt(root: string, relativePath: string, content: string | Uint8Array): Promise<void> {
  const file = join(root, ...relativePath.split('/'));
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, content);
}

type Encode = (tracks: readonly EncodeTrack[]) => Promise<boolean>;

/**
 * Encodes a work's MP3/FLAC tracks from their WAV sources, which they then replace. Tracks that fail stay
 * WAV, except `mp3/` copies (`needsEncoder`), which would only duplicate `wav/`. Resolves with the number
 * of tracks encoded.
 */
async function encodeWork(
  encode: Encode,
  tracks: readonly (EncodeTrack & { needsEncoder: boolean })[],
): Promise<number> {
  const ok = await encode(tracks);
  await Promise.all(
    tracks.map(async (track) => {
      if (ok || track.needsEncoder) await rm(track.input, { force: true });
      else await rm(track.output, { force: true });
    }),
  );
  return ok ? tracks.length : 0;
}

/**
 * Writes one work; returns its encoding still running (the number of tracks encoded to MP3/FLAC), wrapped
 * so that awaiting the write does not also wait for ffmpeg.
 */
async function writeWork(
  libraryDir: string,
  work: DemoWork,
  encode: Encode | null,
): Promise<{ encoding: Promise<number> }> {
  const root = join(libraryDir, ...work.folder.split('/'));
  const toEncode: (EncodeTrack & { needsEncoder: boolean })[] = [];
  if (work.hasWorkInfo) await writeAt(root, 'workinfo.json', `${JSON.stringify(work.info, null, 2)}\n`);
  for (const file of work.files) {
    switch (file.kind) {
      case 'audio': {
        if (file.needsEncoder && encode === null) break;
        await writeAt(
          root,
          `${file.basePath}.wav`,
          encodeWav(synthesizeTone(file.tone), file.tone.sampleRate),
        );
        if (file.format !== 'wav' && encode !== null) {
          const base = join(root, ...file.basePath.split('/'));
          const { format, tags, needsEncoder } = file;
          toEncode.push({ input: `${base}.wav`, output: `${base}.${format}`, format, tags, needsEncoder });
        }
        break;
      }
      case 'text':
        await writeAt(root, file.path, file.content);
        break;
      case 'image':
        await writeAt(root, file.path, await renderCover(file.cover));
        break;
    }
  }
  if (encode === null || toEncode.length === 0) return { encoding: Promise.resolve(0) };
  const encoding = encodeWork(encode, toEncode);
  // Awaited once all works are written; until then, a failure must not count as an unhandled rejection.
  encoding.catch(() => {});
  return { encoding };
}

async function measure(dir: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files++;
    bytes += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
}

/**
 * Generates the demo library into `targetDir`, which must be missing or empty. The pure-Node part (WAV,
 * subtitles, covers, texts) is the same, byte for byte, on every run; with ffmpeg some tracks become
 * MP3 or FLAC. The marker file is written last, so its presence means the library is complete.
 */
export async function generateDemoLibrary(
  targetDir: string,
  options: DemoOptions = {},
): Promise<DemoSummary> {
  const startedAt = performance.now();
  await mkdir(targetDir, { recursive: true });
  if ((await readdir(targetDir)).length > 0) throw new Error(`${targetDir} is not empty`);
  const works = options.works ?? DEFAULT_DEMO_WORKS;
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  const requested = options.ffmpegPath === undefined ? 'ffmpeg' : options.ffmpegPath;
  const ffmpegPath = requested !== null && hasFfmpeg(requested) ? requested : null;

  // One ffmpeg at a time: Node synthesises on one core while ffmpeg encodes on the other.
  const encode = ffmpegPath === null ? null : createEncodeQueue(ffmpegPath, 1);
  const pending: Promise<number>[] = [];
  for (let index = 0; index < works; index++) {
    pending.push((await writeWork(targetDir, planWork(index, works, seed), encode)).encoding);
  }
  const encoded = (await Promise.all(pending)).reduce((sum, n) => sum + n, 0);
  await writeFile(join(targetDir, DEMO_MARKER_FILE), demoMarker({ works, seed }));
  const { files, bytes } = await measure(targetDir);
  return { dir: targetDir, works, files, bytes, seconds: (performance.now() - startedAt) / 1000, encoded };
}
