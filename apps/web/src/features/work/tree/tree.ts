import type { TrackFile, TrackNode } from '@sasayaki/api-contract';
import {
  type FolderPath,
  filesUnder,
  isFile,
  isFolder,
  type QueueWork,
  toQueueItem,
} from '../../../components/work/track-tree';
import type { QueueItem } from '../../../player/api';

/**
 * The work's file tree as the page walks it: the folder path lives in the URL (`?path=["a","b"]`), so
 * Back walks up; pure functions here, the components draw them.
 */

// Walking a tree and queuing its files are shared with the playlists' "Play all".
export {
  autoDescend,
  childrenAt,
  type FolderPath,
  filesUnder,
  isFile,
  isFolder,
  toQueueItem,
} from '../../../components/work/track-tree';

/** The `path` query parameter: a JSON list of folder names; anything else is the root. */
export function parsePath(value: string | null): FolderPath {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) && parsed.every((part) => typeof part === 'string') ? parsed : [];
  } catch {
    return [];
  }
}

/** The level (a folder's children) that holds the file `hash`, or null when the tree has no such file. */
export function levelOf(nodes: TrackNode[], hash: string): TrackNode[] | null {
  if (nodes.some((node) => isFile(node) && node.hash === hash)) return nodes;
  for (const node of nodes) {
    const found = isFolder(node) ? levelOf(node.children, hash) : null;
    if (found) return found;
  }
  return null;
}

export interface FolderSummary {
  items: number;
  files: number;
  audio: number;
  duration: number;
}

/** Direct item count plus, recursively, files, audio files and total audio seconds. */
export function summarize(nodes: TrackNode[]): FolderSummary {
  const files = filesUnder(nodes);
  const audio = files.filter((file) => file.type === 'audio');
  return {
    items: nodes.length,
    files: files.length,
    audio: audio.length,
    duration: audio.reduce((sum, file) => sum + (file.duration ?? 0), 0),
  };
}

/** Clicking an audio file plays the audio files of its folder (not deeper), starting at it. */
export function folderQueue(
  level: TrackNode[],
  clicked: TrackFile,
  work: QueueWork,
): { items: QueueItem[]; index: number } {
  const audio = level.filter((node): node is TrackFile => node.type === 'audio');
  return {
    items: audio.map((file) => toQueueItem(file, work)),
    index: Math.max(
      0,
      audio.findIndex((file) => file.hash === clicked.hash),
    ),
  };
}

/** The ZIP of the whole work, or of one folder (`path`). */
export function zipPath(workId: number, path?: FolderPath): string {
  const base = `/api/media/download-work/${workId}`;
  return path && path.length > 0 ? `${base}?path=${encodeURIComponent(JSON.stringify(path))}` : base;
}
