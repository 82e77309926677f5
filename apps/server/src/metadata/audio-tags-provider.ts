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
 * What players and rippers write when they know nothing (Windows, iTunes, foobar2000, EAC, in English
 * and Japanese): never metadata, on however few works. The placeholder rule below catches only values on
 * most of the library; a collection ripped partly with such a tool showed `Unknown Artist` as a voice
 * actor and `Various Artists` as a circle.
 */
const NO_VALUE = new Set(
  [
    'unknown',
    '<unknown>',
    'unknown artist',
    'unknown album',
    'unknown title',
    'various artists',
    'various',
    '不明なアーティスト',
    '不明なアルバム',
    '不明',
    'アーティスト不明',
    '未知艺术家',
    '未知专辑',
    '群星',
  ].map((value) => value.toLowerCase()),
);

/** `CV.名前`, `CV:名前`, `cv：名前` before a voice actor's name in an artist tag: a marker, not the name. */
const CV_MARKER = /^cv\s*[.:：．]\s*/i;

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
    return value &&
      !NO_VALUE.has(value.trim().toLowerCase()) &&
      !placeholders.has(placeholderKey(field, value))
      ? value
      : null;
  };
  const album = usable('album');
  const artist = usable('artist');
  const albumArtist = usable('albumartist');
  if (album) metadata.title = album;
  const vas = artist
    ? splitNames(artist)
        .map((name) => name.replace(CV_MARKER, ''))
        .filter((name) => name !== '')
    : [];
  if (vas.length > 0) metadata.vas = vas.map((name) => ({ id: null, name }));
  if (albumArtist) metadata.circle = { id: null, name: albumArtist };
  return metadata;
}
