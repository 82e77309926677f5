import type { ScanMode } from '@sasayaki/api-contract';
import { audioTagValues, type Placeholders } from '../metadata/audio-tags-provider.js';
import type {
  CatalogueWriteRepository,
  StoredFileState,
  StoredWorkState,
  WorkCommit,
} from '../repositories/catalogue-write.repository.js';
import type { CommitBatches } from './commit-batches.js';
import { contentSignature } from './content-signature.js';
import { indexWorkFiles } from './index-files.js';
import { type CoverSaver, makeCover } from './make-cover.js';
import { matchSubtitles } from './match-subtitles.js';
import type { PathGuard } from './path-guard.js';
import type { AudioReader, AudioTags } from './read-audio-headers.js';
import { resolveLocalMetadata, type WorkInfoReading } from './resolve-metadata.js';
import { type IndexedFile, type ScanReporter, throwIfCancelled, type WorkFolder } from './scan-types.js';
import { readWorkInfoFile } from './workinfo.js';

export interface WorkScanDeps {
  catalogue: Pick<CatalogueWriteRepository, 'loadFiles'>;
  /** The placeholders the scan before settled on (metadata/audio-tag-placeholders.ts). */
  placeholders: Placeholders;
  covers: CoverSaver;
  /** A cover fetched from DLsite stays over the folder's own image (make-cover.ts). */
  preferRemoteCover?: boolean;
  audio: AudioReader;
  guard: PathGuard;
  /** Phase 6: the work joins the next batch committed (commit-batches.ts), which counts it. */
  commits: Pick<CommitBatches, 'add'>;
  now(): string;
}

/** `queued`: handed to the commit batches, which count it as added, updated or failed once committed. */
export type WorkOutcome = 'queued' | 'unchanged' | 'failed';

interface AudioFacts {
  duration: number | null;
  bitrate: number | null;
}

const keyOf = (path: { text: string; raw: string | null }): string =>
  path.raw === null ? `t:${path.text}` : `b:${path.raw}`;

/**
 * One work through phases 2 to 5, then queued for phase 6 (its batch's commit). Incremental mode stops after indexing when the folder's signature is
 * the stored one; metadata mode re-reads metadata and covers but reuses stored audio facts; full mode
 * re-reads everything.
 */
export async function scanWork(
  work: WorkFolder,
  mode: ScanMode,
  previous: StoredWorkState | undefined,
  deps: WorkScanDeps,
  reporter: ScanReporter,
): Promise<WorkOutcome> {
  const files = await indexWorkFiles(work, deps.guard, reporter);
  if (files === null) return 'failed';
  const signature = contentSignature(files);
  const sameFolder =
    previous?.root_dir === work.rootDir &&
    previous.dir === work.dir.text &&
    previous.dir_raw === work.dir.raw;
  if (
    mode === 'incremental' &&
    previous?.missing === 0 &&
    sameFolder &&
    previous.content_signature === signature
  ) {
    return 'unchanged';
  }
  throwIfCancelled(reporter.signal);

  const oldFiles = new Map<string, StoredFileState>(
    previous
      ? (await deps.catalogue.loadFiles(work.id)).map((row) => [
          keyOf({ text: row.path, raw: row.path_raw }),
          row,
        ])
      : [],
  );
  const fileIds = assignFileIds(files, oldFiles);

  // Phase 3: tags and durations.
  const audio = new Map<IndexedFile, AudioFacts>();
  let tags: AudioTags | null = null;
  for (const file of files) {
    if (file.type !== 'audio') continue;
    throwIfCancelled(reporter.signal);
    const old = oldFiles.get(keyOf(file.path));
    const unchanged =
      old !== undefined && old.size === file.size && old.mtime_ms === file.mtimeMs && old.duration !== null;
    if (unchanged && mode !== 'full') {
      audio.set(file, { duration: old.duration, bitrate: old.bitrate });
      continue;
    }
    const headers = await deps.audio.readHeaders(file.absPath, file.rootDir);
    if (headers.problem)
      reporter.issue(`${work.display}/${file.path.text}`, headers.problem, 'error', 'failed');
    if (!tags && (headers.tags.album || headers.tags.artist || headers.tags.albumartist)) tags = headers.tags;
    audio.set(file, { duration: headers.duration, bitrate: headers.bitrate });
  }

  // Phase 4: metadata.
  const folderName = work.dir.text.slice(work.dir.text.lastIndexOf('/') + 1);
  // The tags read for the metadata, if they were: their values count towards the placeholder rule.
  let tagsRead: AudioTags | null = null;
  const answers = await resolveLocalMetadata(
    folderName,
    await readWorkInfo(work, files, reporter),
    async () => {
      const first = files.find((file) => file.type === 'audio' && file.size > 0);
      tagsRead = tags ?? (first ? await deps.audio.readTags(first.absPath, first.rootDir) : null);
      return tagsRead;
    },
    deps.placeholders,
  );
  const subtitles = matchSubtitles(
    files.map((file) => ({ fileId: fileIds.get(file) as number, path: file.path.text, type: file.type })),
  );

  // Phase 5: covers.
  throwIfCancelled(reporter.signal);
  const previousCover = previous
    ? { coverKey: previous.cover_key, coverSource: previous.cover_source }
    : null;
  const cover = await makeCover(files, previousCover, mode === 'full', deps, reporter, work.display);

  // Phase 6: commit, with the works around it (commit-batches.ts).
  throwIfCancelled(reporter.signal);
  await deps.commits.add({
    commit: buildCommit(work, signature, cover, files, fileIds, audio, subtitles, deps.now()),
    answers,
    audioTags: audioTagValues(tagsRead),
    display: work.display,
  });
  return 'queued';
}

/** Stable ids: a path keeps its id; new paths get max + 1 in tree order (so a first scan numbers in order). */
function assignFileIds(
  files: readonly IndexedFile[],
  old: ReadonlyMap<string, StoredFileState>,
): Map<IndexedFile, number> {
  let next = Math.max(0, ...[...old.values()].map((row) => row.file_id)) + 1;
  return new Map(files.map((file) => [file, old.get(keyOf(file.path))?.file_id ?? next++]));
}

/**
 * A workinfo.json at the top of the work folder; a broken one is reported (and recorded as the provider's
 * `unreadable` answer), and the other providers' values are used.
 */
async function readWorkInfo(
  work: WorkFolder,
  files: readonly IndexedFile[],
  reporter: ScanReporter,
): Promise<WorkInfoReading> {
  const file = files.find((candidate) => candidate.path.text.toLowerCase() === 'workinfo.json');
  if (!file) return { kind: 'none' };
  const reading = await readWorkInfoFile(file.absPath, file.rootDir);
  if (reading.kind === 'unreadable') {
    const display = `${work.display}/${file.path.text}`;
    if (reading.cause === 'file') reporter.issue(display, reading.message, 'error', 'failed');
    else reporter.issue(display, `${reading.message}; using the folder name instead`, 'warn', 'failed');
  }
  return reading;
}

function buildCommit(
  work: WorkFolder,
  signature: string,
  cover: { coverKey: string | null; coverSource: string | null },
  files: readonly IndexedFile[],
  fileIds: ReadonlyMap<IndexedFile, number>,
  audio: ReadonlyMap<IndexedFile, AudioFacts>,
  subtitles: ReadonlyMap<number, number>,
  now: string,
): WorkCommit {
  const duration = [...audio.values()].reduce((sum, facts) => sum + (facts.duration ?? 0), 0);
  return {
    work: {
      id: work.id,
      has_subtitle: subtitles.size > 0 ? 1 : 0,
      duration,
      root_dir: work.rootDir,
      dir: work.dir.text,
      dir_raw: work.dir.raw,
      content_signature: signature,
      cover_key: cover.coverKey,
      cover_source: cover.coverSource,
      scanned_at: now,
    },
    files: files.map((file) => {
      const fileId = fileIds.get(file) as number;
      const facts = audio.get(file);
      return {
        file_id: fileId,
        path: file.path.text,
        path_raw: file.path.raw,
        type: file.type,
        size: file.size,
        mtime_ms: file.mtimeMs,
        duration: facts?.duration ?? null,
        bitrate: facts?.bitrate ?? null,
        subtitle_file_id: subtitles.get(fileId) ?? null,
        sort_index: file.sortIndex,
      };
    }),
  };
}
