import { describe, expect, it } from 'vitest';
import {
  audioTagsMetadata,
  audioTagValues,
  placeholderKey,
} from '../../../src/metadata/audio-tags-provider.js';

const tags = { album: 'アルバム', artist: '声優A、声優B / 声優C', albumartist: 'サークル' };

describe('audioTagsMetadata', () => {
  it('takes the album as the title, the artist as voice actors and the album artist as the circle', () => {
    expect(audioTagsMetadata(tags)).toEqual({
      title: 'アルバム',
      vas: [
        { id: null, name: '声優A' },
        { id: null, name: '声優B' },
        { id: null, name: '声優C' },
      ],
      circle: { id: null, name: 'サークル' },
    });
  });

  it('leaves out placeholder values and knows nothing without tags', () => {
    const placeholders = new Set([
      placeholderKey('album', 'アルバム'),
      placeholderKey('artist', tags.artist),
    ]);
    expect(audioTagsMetadata(tags, placeholders)).toEqual({ circle: { id: null, name: 'サークル' } });
    expect(audioTagsMetadata(null)).toEqual({});
    expect(audioTagsMetadata({ album: null, artist: null, albumartist: null })).toEqual({});
  });

  it('lists the raw values a work carries', () => {
    expect(audioTagValues({ album: 'A', artist: null, albumartist: 'C' })).toEqual([
      { field: 'album', value: 'A' },
      { field: 'albumartist', value: 'C' },
    ]);
  });
});
