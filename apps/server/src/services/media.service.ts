import { posix } from 'node:path';
import { type CoverType, extensionOf, formatWorkCode } from '@sasayaki/api-contract';
import type { FileRow } from '../db/schema.js';
import { NotFound } from '../errors.js';
import { type ContentTypeSpec, contentTypeFor } from '../media/content-type.js';
import type { CoverStore } from '../media/cover-store.js';
import type { CoverFormat } from '../media/cover-variants.js';
import { absolutePathOf } from '../media/file-location.js';
import { readLibraryFile } from '../media/library-file.js';
import { hasLowBitrateStream } from '../media/low-bitrate.js';
import { LRC_CONVERTIBLE, subtitleToLrc } from '../media/subtitle-to-lrc.js';
import { detectCharset } from '../media/text-charset.js';
import type { TranscodeSource } from '../media/transcoder.js';
import type { ArchiveEntry } from '../media/work-archive.js';
import type { LocatedFile } from '../repositories/file.repository.js';
import { LruMap } from '../util/lru-map.js';

/** What the media routes need of a work: where it lives and its cover. */
export interface MediaWork {
  id: number;
  root_dir: string;
  dir: string;
  dir_raw: string | null;
  cover_key: string | null;
}

export interface MediaSources {
  /** Works that are present (not missing); the work repository fits. */
  works: { findById(id: number): Promise<MediaWork | undefined> };
  files: {
    find(workId: number, fileId: number): Promise<LocatedFile | undefined>;
    listByWork(workId: number): Promise<FileRow[]>;
  };
  covers: CoverStore;
  /**
   * The library folders configured now (services/library-roots.ts): a file of any other folder is never
   * served, whatever the index says (a folder removed a moment ago, whose works a scan started earlier may
   * still be committing; one taken out of the configuration; a row pointing elsewhere). A set lookup.
   */
  roots: { has(root: string): boolean };
}

/** One library file, ready for `sendFile`. */
export interface MediaFile {
  path: string | Buffer;
  /** Its library folder: the file must really lie inside it when it is opened. */
  root: string;
  /** The file's own base name. */
  name: string;
  contentType: ContentTypeSpec;
}

export interface SubtitleCheck {
  result: boolean;
  message: string;
  hash: string;
  lyricExtension: string;
  /** The subtitle file as it is, when `hash` offers its LRC form (Sasayaki's web app reads this). */
  original?: { hash: string; lyricExtension: string };
}

/** A subtitle converted to LRC, and the ETag its answer carries. */
export interface LrcText {
  text: string;
  etag: string;
}

/** Subtitles larger than this are no subtitles: not converted (404). */
const MAX_SUBTITLE_BYTES = 4 * 1024 * 1024;

export interface WorkArchivePlan {
  /** `RJ123456.zip`, or `RJ123456 - <folder>.zip` for one folder. */
  fileName: string;
  entries: ArchiveEntry[];
}

/**
 * Decides which file a media request means (design habit 6: the service picks the file, `sendFile`
 * sends it). Every path is rebuilt from what the scanner stored; nothing from a request is joined on.
 */
export class MediaService {
  /** Conversions by file and its indexed size and modification time: a changed file is converted again. */
  private readonly lrcTexts = new LruMap<string, LrcText>(200);

  constructor(private readonly sources: MediaSources) {}

  /** An indexed file of a present work in a library folder configured now. */
  private async servedFile(workId: number, fileId: number): Promise<LocatedFile | undefined> {
    const file = await this.sources.files.find(workId, fileId);
    return file && this.sources.roots.has(file.root_dir) ? file : undefined;
  }

  async file(workId: number, fileId: number): Promise<MediaFile> {
    const file = await this.servedFile(workId, fileId);
    if (!file) throw new NotFound('File not found');
    const name = posix.basename(file.path);
    return { path: absolutePathOf(file), root: file.root_dir, name, contentType: contentTypeFor(name) };
  }

  /** The source of a low-bitrate stream; 404 when the file is unknown or has none (contract section 7). */
  async lowBitrateSource(workId: number, fileId: number): Promise<TranscodeSource> {
    const file = await this.servedFile(workId, fileId);
    if (!file) throw new NotFound('File not found');
    if (!hasLowBitrateStream(file)) throw new NotFound('This file has no low-bitrate stream');
    return { workId, fileId, path: absolutePathOf(file), root: file.root_dir };
  }

  /** The cover image file of a present work (its placeholder when it has none). */
  async cover(workId: number, type: CoverType, format: CoverFormat): Promise<string> {
    const work = await this.sources.works.findById(workId);
    if (!work) throw new NotFound('Work not found');
    return this.sources.covers.variantPath(work.cover_key, type, format);
  }

  /** The subtitle the scanner matched to an audio file (contract section 7), in check-lrc's shape. */
  async subtitleOf(workId: number, fileId: number): Promise<SubtitleCheck> {
    const file = await this.servedFile(workId, fileId);
    if (!file) throw new NotFound('File not found');
    const subtitle =
      file.subtitle_file_id === null ? undefined : await this.servedFile(workId, file.subtitle_file_id);
    if (!subtitle) return { result: false, message: 'No subtitle file', hash: '', lyricExtension: '' };
    const hash = `${workId}/${subtitle.file_id}`;
    const lyricExtension = `.${extensionOf(subtitle.path)}`;
    // The apps feed whatever check-lrc names to an LRC parser: a VTT or SRT file is offered as LRC.
    if (LRC_CONVERTIBLE.has(extensionOf(subtitle.path))) {
      return {
        result: true,
        message: 'Subtitle file found',
        hash: `${hash}.lrc`,
        lyricExtension: '.lrc',
        original: { hash, lyricExtension },
      };
    }
    return { result: true, message: 'Subtitle file found', hash, lyricExtension };
  }

  /** A VTT or SRT subtitle in LRC form (`/api/media/stream/<work>/<file>.lrc`); 404 for other files. */
  async subtitleAsLrc(workId: number, fileId: number): Promise<LrcText> {
    const file = await this.servedFile(workId, fileId);
    if (!file || !LRC_CONVERTIBLE.has(extensionOf(file.path))) throw new NotFound('File not found');
    const key = `${workId}/${fileId}:${file.size}:${file.mtime_ms}`;
    const cached = this.lrcTexts.get(key);
    if (cached) return cached;
    const bytes = await readLibraryFile(absolutePathOf(file), file.root_dir, MAX_SUBTITLE_BYTES).catch(() => {
      throw new NotFound('File not found');
    });
    const text = subtitleToLrc(new TextDecoder(detectCharset(bytes, false)).decode(bytes));
    const converted = { text, etag: `W/"lrc-${key.replace(/[^\w:-]/g, '-')}"` };
    this.lrcTexts.set(key, converted);
    return converted;
  }

  /**
   * The files of a work for a ZIP, or of one folder of it (`folder` = the folder names from the work's
   * root). Entry names start with the work's RJ code, then the path within the chosen folder.
   */
  async archive(workId: number, folder: readonly string[]): Promise<WorkArchivePlan> {
    const work = await this.sources.works.findById(workId);
    if (!work || !this.sources.roots.has(work.root_dir)) throw new NotFound('Work not found');
    const code = formatWorkCode(work.id);
    const prefix = folder.length === 0 ? '' : `${folder.join('/')}/`;
    const files = (await this.sources.files.listByWork(workId)).filter((file) =>
      file.path.startsWith(prefix),
    );
    if (folder.length > 0 && files.length === 0) throw new NotFound('Folder not found');
    const last = folder.at(-1);
    return {
      fileName: last === undefined ? `${code}.zip` : `${code} - ${last}.zip`,
      entries: files.map((file) => ({
        path: absolutePathOf({ ...work, path: file.path, path_raw: file.path_raw }),
        root: work.root_dir,
        name: `${code}/${file.path.slice(prefix.length)}`,
      })),
    };
  }
}
