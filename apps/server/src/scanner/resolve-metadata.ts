import { audioTagsMetadata, type Placeholders } from '../metadata/audio-tags-provider.js';
import { folderNameMetadata } from '../metadata/folder-name-provider.js';
import { isKnown } from '../metadata/merge.js';
import type { OrderedProviderName, ProviderMetadata, ProviderResult } from '../metadata/provider-types.js';
import type { AudioTags } from './read-audio-headers.js';

/** What phase 4 found in the work's `workinfo.json`: none, a readable one, or one that could not be read. */
export type WorkInfoReading =
  | { kind: 'none' }
  | { kind: 'read'; metadata: ProviderMetadata }
  | { kind: 'unreadable'; message: string };

/** The local providers' answers for one work, as the commit stores them (metadata/work-metadata-store.ts). */
export type LocalAnswers = Array<[OrderedProviderName, ProviderResult]>;

const ok = (data: ProviderMetadata): ProviderResult => ({ status: 'ok', data });

/**
 * Phase 4, metadata: each local provider's answer (workinfo.json, folder name, audio tags), stored by the
 * commit and merged there with what other providers (DLsite …) and hand edits say. Every local provider
 * answers on every scan, an empty answer included, so a sidecar that was removed stops counting. Audio
 * tags are asked for only when the sidecar and the folder name leave the title, the circle or the voice
 * actors unknown: reading them may cost a file open per work. Tag values that are placeholders across the
 * library (metadata/audio-tag-placeholders.ts) are left out of the tags' answer.
 */
export async function resolveLocalMetadata(
  folderName: string,
  workInfo: WorkInfoReading,
  readTags: () => Promise<AudioTags | null>,
  placeholders: Placeholders,
): Promise<LocalAnswers> {
  const sidecar: ProviderResult =
    workInfo.kind === 'unreadable'
      ? { status: 'unreadable', data: {}, message: workInfo.message }
      : ok(workInfo.kind === 'read' ? workInfo.metadata : {});
  const folder = folderNameMetadata(folderName);
  const known = (field: 'title' | 'circle' | 'vas') => isKnown(sidecar.data[field]) || isKnown(folder[field]);
  const tags = known('title') && known('circle') && known('vas') ? null : await readTags();
  return [
    ['workinfo', sidecar],
    ['folder', ok(folder)],
    ['tags', ok(audioTagsMetadata(tags, placeholders))],
  ];
}
