import type { FileType, ScanCounts } from '@sasayaki/api-contract';

/**
 * A path relative to a library root or a work folder, as the database stores it: text with '/'
 * separators for display, plus base64 of the raw bytes when the text is lossy (not valid UTF-8).
 */
export interface StoredPath {
  text: string;
  raw: string | null;
}

/** A folder found by discovery: one work. */
export interface WorkFolder {
  id: number;
  /** The configured library root, absolute. */
  rootDir: string;
  /** The folder relative to the root. */
  dir: StoredPath;
  /** What `fs` opens: a string, or a Buffer when some name on the way is not valid UTF-8. */
  absPath: string | Buffer;
  /** Readable form of the absolute path, for messages. */
  display: string;
}

/**
 * A work folder as discovery lists it, for the whole scan: without its absolute path, which the pipeline
 * makes again when the work is read (`workFolderOf`). The paths of a large library's folders, held from
 * discovery to the end, cost about 400 bytes a work (40 MB for 100,000 works, measured at 30,000).
 */
export type FoundFolder = Pick<WorkFolder, 'id' | 'rootDir' | 'dir'>;

/** One file of a work, in tree order. */
export interface IndexedFile {
  path: StoredPath;
  absPath: string | Buffer;
  /** The library folder the file must really lie inside when it is read (media/library-file.ts). */
  rootDir: string;
  type: FileType;
  size: number;
  mtimeMs: number;
  /** Position in the depth-first, folders-first, natural-order walk of the work folder. */
  sortIndex: number;
}

export type IssueLevel = 'warn' | 'error';

/** Where phases send what they find; the job behind it records progress and carries cancellation. */
export interface ScanReporter {
  readonly signal: AbortSignal;
  /** `counts` says which counter the problem adds to, if any. */
  issue(path: string, message: string, level: IssueLevel, counts?: 'failed' | 'skipped'): void;
  count(kind: keyof ScanCounts, amount?: number): void;
  setCurrent(current: string | null): void;
}

/** Thrown at a checkpoint once cancellation was requested; the pipeline stops quietly. */
export class ScanCancelled extends Error {
  constructor() {
    super('Scan cancelled');
    this.name = 'ScanCancelled';
  }
}

export function throwIfCancelled(signal: AbortSignal): void {
  if (signal.aborted) throw new ScanCancelled();
}
