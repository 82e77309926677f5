import type { TrackFile, TrackFolder, TrackNode, Work } from '@sasayaki/api-contract';
import type { QueueItem } from '../../../player/api';

/**
 * The work's file tree as the page walks it: the folder path lives in the URL (`?path=["a","b"]`), so
 * Back walks up; pure functions here, the components draw them.
 */

export type FolderPath = string[];

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

export const isFolder = (node: TrackNode): node is TrackFolder => node.type === 'folder';
export const isFile = (node: TrackNode): node is TrackFile => node.type !== 'folder';

/** The children at `path`, or null when a folder on the way does not exist. */
export function childrenAt(root: TrackNode[], path: FolderPath): TrackNode[] | null {
  let level = root;
  for (const name of path) {
    const folder = level.find((node): node is TrackFolder => isFolder(node) && node.title === name);
    if (!folder) return null;
    level = folder.children;
  }
  return level;
}

/**
 * The path to show: `path` extended through every level that holds exactly one folder and nothing
 * else, so a work wrapped in one folder (or a chain of them) opens at its first real content.
 */
export function autoDescend(root: TrackNode[], path: FolderPath): FolderPath {
  const result = [...path];
  let level = childrenAt(root, result);
  while (level && level.length === 1 && level[0] && isFolder(level[0])) {
    result.push(level[0].title);
    level = level[0].children;
  }
  return result;
}

/** Every file under `nodes`, in tree order (folders first, as the server sorts them). */
export function filesUnder(nodes: TrackNode[]): TrackFile[] {
  return nodes.flatMap((node) => (isFolder(node) ? filesUnder(node.children) : [node]));
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

type QueueWork = Pick<Work, 'id' | 'source_id' | 'title' | 'circle' | 'samCoverUrl'>;

/** A tree file as the player queues it. */
export function toQueueItem(file: TrackFile, work: QueueWork): QueueItem {
  return {
    hash: file.hash,
    title: file.title,
    workId: work.id,
    sourceId: work.source_id,
    workTitle: work.title,
    // An unknown circle (UNKNOWN_CIRCLE) has no name to show: the player falls back to the code.
    circleName: work.circle.name || null,
    duration: file.duration,
    mediaStreamUrl: file.mediaStreamUrl,
    streamLowQualityUrl: file.streamLowQualityUrl,
    coverUrl: work.samCoverUrl,
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
