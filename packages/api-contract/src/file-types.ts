import { EXTENSIONS_BY_TYPE, type FileType } from './constants.js';

const typeByExtension = new Map<string, FileType>();
for (const [type, extensions] of Object.entries(EXTENSIONS_BY_TYPE)) {
  for (const ext of extensions) typeByExtension.set(ext, type as FileType);
}

/** The extension of a file name, lower case, without the dot ('' when there is none). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** The contract's file type of a file name, decided by its extension, case-insensitively. */
export function fileTypeOf(fileName: string): FileType {
  return typeByExtension.get(extensionOf(fileName)) ?? 'other';
}
