import { parseFolderName } from './parse-folder-name.js';
import type { AudioTags } from './read-audio-headers.js';
import type { WorkMetadata } from './workinfo.js';

export type MetadataSource = 'workinfo' | 'folder' | 'tags' | 'none';

export interface ResolvedMetadata extends WorkMetadata {
  title: string;
  source: MetadataSource;
}

const EMPTY: WorkMetadata = {
  title: null,
  circle: null,
  vas: [],
  tags: [],
  release: null,
  price: null,
  dlCount: null,
  nsfw: null,
  age: null,
  rateAverage: null,
  rateCount: null,
  rateCountDetail: null,
  reviewCount: null,
};

/**
 * Phase 4, metadata: a workinfo.json first, then the folder name, then audio tags (album as title,
 * album artist or artist as circle) for whatever is still missing. Tags are read only when needed. A work
 * with no metadata at all is titled by its folder name. `source` names the first source that gave a title
 * or circle.
 */
export async function resolveMetadata(
  folderName: string,
  workInfo: WorkMetadata | null,
  readTags: () => Promise<AudioTags | null>,
): Promise<ResolvedMetadata> {
  const metadata: WorkMetadata = { ...(workInfo ?? EMPTY) };
  let source: MetadataSource = workInfo && (workInfo.title || workInfo.circle) ? 'workinfo' : 'none';
  const fromFolder = parseFolderName(folderName);
  if (!metadata.title && fromFolder.title) metadata.title = fromFolder.title;
  if (!metadata.circle && fromFolder.circle) metadata.circle = { id: null, name: fromFolder.circle };
  if (source === 'none' && (fromFolder.title || fromFolder.circle)) source = 'folder';
  if (!metadata.title || !metadata.circle) {
    const tags = await readTags();
    if (!metadata.title && tags?.album) metadata.title = tags.album;
    if (!metadata.circle && tags?.artist) metadata.circle = { id: null, name: tags.artist };
    if (source === 'none' && (tags?.album || tags?.artist)) source = 'tags';
  }
  return { ...metadata, title: metadata.title ?? folderName, source };
}
