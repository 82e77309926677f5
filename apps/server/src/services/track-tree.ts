import { formatWorkCode, type TrackFolder, type TrackNode } from '@sasayaki/api-contract';
import type { FileRow } from '../db/schema.js';
import { hasLowBitrateStream } from '../media/low-bitrate.js';
import { defaultSourceType } from '../metadata/work-metadata-store.js';

/** A file's title in the tree: the last part of its path. */
export function fileTitle(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/**
 * The work's file tree (contract section 9) from its indexed files. The scanner stored `sort_index` in
 * tree order (folders first, natural order), so files arrive sorted and folders are created on first
 * sight: no disk access and no sorting here. With `lowBitrate` (ffmpeg is there), audio files that
 * qualify (contract section 7) also get a `streamLowQualityUrl`.
 */
export function buildTrackTree(
  work: { id: number; title: string; source_type: string | null },
  files: FileRow[],
  options: { lowBitrate?: boolean } = {},
): TrackNode[] {
  const { id: workId, title: workTitle } = work;
  // asmr.one's apps read each file's work from its node (reference section 5); one object for all of them.
  const nodeWork = {
    id: workId,
    source_id: formatWorkCode(workId),
    source_type: work.source_type ?? defaultSourceType(workId),
  };
  const root: TrackFolder = { type: 'folder', title: '', children: [] };
  const folders = new Map<string, TrackFolder>([['', root]]);
  const folderFor = (dirPath: string): TrackFolder => {
    const known = folders.get(dirPath);
    if (known) return known;
    const cut = dirPath.lastIndexOf('/');
    const parent = folderFor(cut === -1 ? '' : dirPath.slice(0, cut));
    const folder: TrackFolder = { type: 'folder', title: dirPath.slice(cut + 1), children: [] };
    parent.children.push(folder);
    folders.set(dirPath, folder);
    return folder;
  };
  for (const file of files) {
    const cut = file.path.lastIndexOf('/');
    const hash = `${workId}/${file.file_id}`;
    folderFor(cut === -1 ? '' : file.path.slice(0, cut)).children.push({
      type: file.type as Exclude<TrackNode['type'], 'folder'>,
      title: fileTitle(file.path),
      hash,
      workTitle,
      work: nodeWork,
      size: file.size,
      mediaStreamUrl: `/api/media/stream/${hash}`,
      mediaDownloadUrl: `/api/media/download/${hash}`,
      ...(options.lowBitrate && hasLowBitrateStream(file)
        ? { streamLowQualityUrl: `/api/media/stream-lq/${hash}` }
        : {}),
      ...(file.type === 'audio' && file.duration !== null ? { duration: file.duration } : {}),
    });
  }
  return root.children;
}
