import { parseFolderName } from '../scanner/parse-folder-name.js';
import type { ProviderMetadata } from './provider-types.js';

/**
 * The `folder` provider: what a work folder's name says (scanner/parse-folder-name.ts). It knows at most
 * the title, circle, voice actors and release; the code in the name is the work's id (discovery), not
 * metadata.
 */
export function folderNameMetadata(folderName: string): ProviderMetadata {
  // Composed (NFC): macOS writes names decomposed (`ぱ` as `は` + U+309A), typed text is composed, and a
  // decomposed title or circle was found by no search and matched no circle of the same name.
  const parsed = parseFolderName(folderName.normalize('NFC'));
  const metadata: ProviderMetadata = {};
  if (parsed.title) metadata.title = parsed.title;
  if (parsed.circle) metadata.circle = { id: null, name: parsed.circle };
  if (parsed.vas.length > 0) metadata.vas = parsed.vas.map((name) => ({ id: null, name }));
  if (parsed.release) metadata.release = parsed.release;
  return metadata;
}
