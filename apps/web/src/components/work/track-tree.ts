import type { TrackFile, TrackFolder, TrackNode, Work } from '@sasayaki/api-contract';
import type { QueueItem } from '../../player/api';

/**
 * A work's file tree (`/api/tracks/:id`) as the app walks it and queues it: the work page's tree, its
 * "Play" offer and a playlist's "Play all" (one rule for which audio of a work plays).
 */

/** Folder names from the root. */
export type FolderPath = string[];

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

/**
 * The audio a work plays as a whole: the files of the folder its tree opens at (through the wrappers of a
 * single folder), or, when that folder has none (a work of `mp3/` and `wav/` folders), every audio file.
 */
export function defaultAudio(root: TrackNode[]): TrackFile[] {
  const level = childrenAt(root, autoDescend(root, [])) ?? [];
  const inFolder = level.filter((node): node is TrackFile => node.type === 'audio');
  return inFolder.length > 0 ? inFolder : filesUnder(root).filter((node) => node.type === 'audio');
}

export type QueueWork = Pick<Work, 'id' | 'source_id' | 'title' | 'circle' | 'samCoverUrl'>;

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
