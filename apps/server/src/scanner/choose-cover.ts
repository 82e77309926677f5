import type { IndexedFile } from './scan-types.js';

const COVER_WORDS = ['cover', 'jacket', 'folder', 'main'];
const COVER_NAME = new RegExp(`(?:^|[^a-z])(${COVER_WORDS.join('|')})(?:[^a-z]|$)`, 'i');

function depthOf(file: IndexedFile): number {
  return file.path.text.split('/').length - 1;
}

function nameOf(file: IndexedFile): string {
  const name = file.path.text.slice(file.path.text.lastIndexOf('/') + 1);
  return name.slice(0, name.lastIndexOf('.'));
}

/**
 * Which image of a work is its cover: one named like cover/jacket/folder/main (any case, any image
 * extension; the shallowest first, so the work folder's top level wins), else the largest image at the
 * top level. Null means: try an embedded picture from the audio files.
 */
export function chooseCoverImage(files: readonly IndexedFile[]): IndexedFile | null {
  const images = files.filter((file) => file.type === 'image' && file.size > 0);
  const named = images
    .map((file) => ({ file, word: COVER_NAME.exec(nameOf(file))?.[1]?.toLowerCase() }))
    .filter((entry): entry is { file: IndexedFile; word: string } => entry.word !== undefined)
    .sort(
      (a, b) =>
        depthOf(a.file) - depthOf(b.file) ||
        COVER_WORDS.indexOf(a.word) - COVER_WORDS.indexOf(b.word) ||
        a.file.sortIndex - b.file.sortIndex,
    );
  if (named[0]) return named[0].file;
  const top = images
    .filter((file) => depthOf(file) === 0)
    .sort((a, b) => b.size - a.size || a.sortIndex - b.sortIndex);
  return top[0] ?? null;
}
