import {
  type FieldSources,
  METADATA_FIELDS,
  type MetadataField,
  type OrderedProviderName,
  type ProviderMetadata,
} from './provider-types.js';

/** A work's metadata after the merge: each field's value and the provider (or 'edit') it came from. */
export interface MergedMetadata {
  values: ProviderMetadata;
  sources: FieldSources;
}

/**
 * Whether a provider's value says anything. Absent, null, a blank string, an empty list, an empty object
 * or a label without a name (circle, series) is "not known", so the next provider's value is used: a
 * sidecar's empty `tags: []` never hides DLsite's tags.
 */
export function isKnown(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') {
    if ('name' in value) return typeof value.name === 'string' && value.name.trim() !== '';
    return Object.keys(value).length > 0;
  }
  return true;
}

/**
 * Per field: a hand edit wins; otherwise the first provider in `order` that knows the field. `order`
 * holds only the providers that are switched on, so the answers of one switched off are never read.
 */
export function mergeMetadata(
  order: readonly OrderedProviderName[],
  answers: ReadonlyMap<OrderedProviderName, ProviderMetadata>,
  edits: ProviderMetadata,
): MergedMetadata {
  const values: Record<string, unknown> = {};
  const sources: FieldSources = {};
  const take = (field: MetadataField, value: unknown, source: FieldSources[MetadataField]) => {
    values[field] = value;
    sources[field] = source;
  };
  for (const field of METADATA_FIELDS) {
    if (isKnown(edits[field])) {
      take(field, edits[field], 'edit');
      continue;
    }
    for (const provider of order) {
      const value = answers.get(provider)?.[field];
      if (isKnown(value)) {
        take(field, value, provider);
        break;
      }
    }
  }
  withoutCircleAsVoiceActor(values as ProviderMetadata, sources);
  return { values: values as ProviderMetadata, sources };
}

/**
 * Audio files often carry the circle in the artist tag when they credit no voice actor (the demo library's
 * files do too), so a voice actor that came from the tags and is named exactly like the work's circle is the
 * circle, not a voice actor. Only the tags' guess is corrected: DLsite, sidecars and hand edits name voice
 * actors on purpose, and a solo creator's circle named after its voice actor is common.
 */
function withoutCircleAsVoiceActor(values: ProviderMetadata, sources: FieldSources): void {
  const circle = values.circle?.name.trim();
  if (sources.vas !== 'tags' || !circle || !values.vas) return;
  const vas = values.vas.filter((va) => va.name.trim() !== circle);
  if (vas.length > 0) values.vas = vas;
  else {
    delete values.vas;
    delete sources.vas;
  }
}
