import { EXTENSIONS_BY_TYPE, extensionOf, SUBTITLE_EXTENSIONS } from '@sasayaki/api-contract';

export interface SubtitleMatchInput {
  fileId: number;
  /** Relative to the work folder, '/' separators. */
  path: string;
  type: string;
}

const AUDIO_EXTENSIONS = new Set(EXTENSIONS_BY_TYPE.audio);
const SUBTITLE_SET = new Set<string>(SUBTITLE_EXTENSIONS);

function splitPath(path: string): { folder: string; name: string } {
  const slash = path.lastIndexOf('/');
  return { folder: slash < 0 ? '' : path.slice(0, slash), name: path.slice(slash + 1) };
}

/** `NAME.EXT` with the audio extension lower-cased, so `a.MP3.lrc` and `a.mp3.lrc` name the same audio. */
function normalizeStem(stem: string): string {
  const ext = extensionOf(stem);
  return AUDIO_EXTENSIONS.has(ext) ? `${stem.slice(0, stem.length - ext.length)}${ext}` : stem;
}

/**
 * Contract section 7: for audio `NAME.EXT` the subtitle is `NAME.lrc|vtt|srt` or `NAME.EXT.lrc|vtt|srt`
 * in the same folder (first match in that order, extensions case-insensitive); failing that, a file with
 * the same name in any folder of the work (the first in tree order). Files must be given in tree order.
 * Returns audio fileId -> subtitle fileId.
 */
export function matchSubtitles(files: readonly SubtitleMatchInput[]): Map<number, number> {
  const inFolder = new Map<string, number>();
  const anywhere = new Map<string, number>();
  for (const file of files) {
    const { folder, name } = splitPath(file.path);
    const ext = extensionOf(name);
    if (!SUBTITLE_SET.has(ext)) continue;
    const key = `${normalizeStem(name.slice(0, name.length - ext.length - 1))}\0${ext}`;
    const folderKey = `${folder}\0${key}`;
    if (!inFolder.has(folderKey)) inFolder.set(folderKey, file.fileId);
    if (!anywhere.has(key)) anywhere.set(key, file.fileId);
  }
  const matches = new Map<number, number>();
  for (const file of files) {
    if (file.type !== 'audio') continue;
    const { folder, name } = splitPath(file.path);
    const ext = extensionOf(name);
    const stems = [ext ? name.slice(0, name.length - ext.length - 1) : name, normalizeStem(name)];
    const keys = stems.flatMap((stem) => SUBTITLE_EXTENSIONS.map((subtitleExt) => `${stem}\0${subtitleExt}`));
    const match =
      keys.map((key) => inFolder.get(`${folder}\0${key}`)).find((id) => id !== undefined) ??
      keys.map((key) => anywhere.get(key)).find((id) => id !== undefined);
    if (match !== undefined) matches.set(file.fileId, match);
  }
  return matches;
}
