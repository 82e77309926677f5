import { splitNames } from '../scanner/parse-folder-name.js';
import type { AudioTags } from '../scanner/read-audio-headers.js';
import type { ProviderMetadata } from './provider-types.js';

export const AUDIO_TAG_FIELDS = ['album', 'artist', 'albumartist'] as const;
export type AudioTagField = (typeof AUDIO_TAG_FIELDS)[number];

/** One raw tag value of a work, as `work_audio_tags` keeps it for the placeholder rule. */
export interface AudioTagValue {
  field: AudioTagField;
  value: string;
}

/** Tag values found to be placeholders across the library (audio-tag-placeholders.ts), by `placeholderKey`. */
export type Placeholders = ReadonlySet<string>;

export function placeholderKey(field: AudioTagField, value: string): string {
  return `${field}\u0000${value}`;
}

/** The values a work's tags carry, one per field that has one. */
export function audioTagValues(tags: AudioTags | null): AudioTagValue[] {
  return AUDIO_TAG_FIELDS.flatMap((field) => {
    const value = tags?.[field];
    return value ? [{ field, value }] : [];
  });
}

/**
 * The `tags` provider: the album tag is a title, the artist tag the voice actors (several names split as
 * in folder names: `A、B`, `A / B`, `A; B`), the album artist the circle. The provider is last in the
 * default order, so the album gives a title only when nothing better does. A value that is a placeholder
 * (the same on most of the library, such as `テスト作品` / `テスト声優`) is not metadata and is left out.
 */
export function audioTagsMetadata(
  tags: AudioTags | null,
  placeholders: Placeholders = new Set(),
): ProviderMetadata {
  const metadata: ProviderMetadata = {};
  const usable = (field: AudioTagField): string | null => {
    const value = tags?.[field];
    return value && !placeholders.has(placeholderKey(field, value)) ? value : null;
  };
  const album = usable('album');
  const artist = usable('artist');
  const albumArtist = usable('albumartist');
  if (album) metadata.title = album;
  const vas = artist ? splitNames(artist) : [];
  if (vas.length > 0) metadata.vas = vas.map((name) => ({ id: null, name }));
  if (albumArtist) metadata.circle = { id: null, name: albumArtist };
  return metadata;
}
