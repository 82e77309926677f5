import type { AudioTagRepository } from '../repositories/audio-tag.repository.js';
import { audioTagsMetadata } from './audio-tags-provider.js';
import type { OrderedProviderName, ProviderResult } from './provider-types.js';

/**
 * The placeholder rule (docs/metadata.md, "Folder names and audio tags"). Values that are the same on most
 * of a library are not metadata: a tag value is a placeholder when at least MIN_WORKS works carry it and
 * more than half of the works whose tags were read do (`テスト作品` as every album, `テスト声優` as every
 * artist). Real values never reach that: an album is one work's title, and a circle or voice actor that is
 * on more than half of a library of five works or more is rare, and then loses only the tags' word (the
 * tags provider is last; folder names, sidecars and DLsite still say it).
 */
export const MIN_WORKS = 5;

/** Where the rule sends a work's new tags answer: the metadata store, which merges it (metadata/). */
export interface TagsAnswerSink {
  saveAndRemerge(
    results: ReadonlyArray<{ workId: number; provider: OrderedProviderName; result: ProviderResult }>,
  ): Promise<void>;
}

const BATCH = 200;

/**
 * Run once at the end of a scan (one grouped query): finds the placeholders now, and for the works whose
 * tags hold a value that became or stopped being one, stores the tags provider's answer again and merges
 * them. During a scan each work's answer uses the placeholders settled by the scan before, so a first scan
 * shows a placeholder for moments, until this pass; later scans find it already known.
 */
export async function refreshPlaceholders(tags: AudioTagRepository, sink: TagsAnswerSink): Promise<number> {
  const before = await tags.storedPlaceholders();
  const now = await tags.findPlaceholders(MIN_WORKS);
  const changed = [...now].filter((key) => !before.has(key));
  changed.push(...[...before].filter((key) => !now.has(key)));
  if (changed.length === 0) return 0;
  const works = await tags.worksWith(changed);
  for (let start = 0; start < works.length; start += BATCH) {
    const batch = works.slice(start, start + BATCH);
    const results = [];
    for (const workId of batch) {
      const data = audioTagsMetadata(await tags.tagsOf(workId), now);
      results.push({ workId, provider: 'tags' as const, result: { status: 'ok' as const, data } });
    }
    await sink.saveAndRemerge(results);
  }
  await tags.storePlaceholders(now);
  return works.length;
}
