import { isUtf8 } from 'node:buffer';
import { join } from 'node:path';
import type { FoundFolder, StoredPath, WorkFolder } from './scan-types.js';

/**
 * Directory entries are read as bytes, because a name need not be valid UTF-8. A name that does not
 * survive a UTF-8 round trip is shown with replacement characters and kept as bytes for opening.
 */
export interface EntryName {
  bytes: Buffer;
  text: string;
  lossy: boolean;
}

export function decodeName(bytes: Buffer): EntryName {
  // Checked in place: encoding the text again to compare allocated a buffer for every directory entry of
  // a scan (the bytes survive the round trip exactly when they are valid UTF-8).
  return { bytes, text: bytes.toString('utf8'), lossy: !isUtf8(bytes) };
}

const SLASH = Buffer.from('/');

/**
 * The child's path: a string while every name is valid UTF-8, a Buffer from the first lossy name on.
 * Joined by hand: the parent is a normalized path (a resolved root or built here) and a directory entry's
 * name holds no `/` and is never `.` or `..`, so `path.join`, which normalized the whole path again for
 * every entry, gives the same string (`workFolderOf` makes it that way).
 */
export function childPath(parent: string | Buffer, name: EntryName): string | Buffer {
  if (typeof parent === 'string' && !name.lossy)
    return parent.endsWith('/') ? parent + name.text : `${parent}/${name.text}`;
  const base = typeof parent === 'string' ? Buffer.from(parent) : parent;
  return Buffer.concat([base, SLASH, name.bytes]);
}

/** A relative path being built segment by segment during a walk. */
export interface RelativePath {
  names: readonly EntryName[];
}

export const EMPTY_PATH: RelativePath = { names: [] };

export function appendName(path: RelativePath, name: EntryName): RelativePath {
  return { names: [...path.names, name] };
}

export function toStoredPath(path: RelativePath): StoredPath {
  const text = path.names.map((name) => name.text).join('/');
  if (!path.names.some((name) => name.lossy)) return { text, raw: null };
  const parts = path.names.flatMap((name, index) => (index === 0 ? [name.bytes] : [SLASH, name.bytes]));
  return { text, raw: Buffer.concat(parts).toString('base64') };
}

/**
 * What `fs` opens for a folder found below `rootDir`: the same path `childPath` built during the walk
 * (a Buffer when some name is not valid UTF-8, `dir.raw` holding its bytes).
 */
function absolutePath(folder: FoundFolder): string | Buffer {
  if (folder.dir.raw === null) return join(folder.rootDir, folder.dir.text);
  return Buffer.concat([Buffer.from(folder.rootDir), SLASH, Buffer.from(folder.dir.raw, 'base64')]);
}

/** The readable form of a found folder's absolute path, for messages. */
export function displayPath(folder: FoundFolder): string {
  return join(folder.rootDir, folder.dir.text);
}

/** A found folder with its paths, made when the work is read (a local work's folder has them already). */
export function workFolderOf(folder: FoundFolder | WorkFolder): WorkFolder {
  if ('absPath' in folder) return folder;
  const absPath = absolutePath(folder);
  return { ...folder, absPath, display: typeof absPath === 'string' ? absPath : displayPath(folder) };
}
