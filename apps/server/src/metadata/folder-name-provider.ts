import { parseFolderName } from '../scanner/parse-folder-name.js';
import type { ProviderMetadata } from './provider-types.js';

/**
 * The `folder` provider: what a work folder's name says (scanner/parse-folder-name.ts). It knows at most
 * the title, circle, voice actors and release; the code in the name is the work's id (discovery), not
 * metadata.
 */
export function folderNameMetadata(folderName: string): ProviderMetadata {
  const parsed = parseFolderName(folderName);
  const metadata: ProviderMetadata = {};
  if (parsed.title) metadata.title = parsed.title;
  if (parsed.circle) metadata.circle = { id: null, name: parsed.circle };
  if (parsed.vas.length > 0) metadata.vas = parsed.vas.map((name) => ({ id: null, name }));
  if (parsed.release) metadata.release = parsed.release;
  return metadata;
}
