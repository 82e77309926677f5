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

  it("leaves out the values players and rippers write for 'none', on any number of works", () => {
    expect(
      audioTagsMetadata({ album: 'Unknown Album', artist: 'Unknown Artist', albumartist: 'Various Artists' }),
    ).toEqual({});
    expect(
      audioTagsMetadata({ album: '不明なアルバム', artist: '不明なアーティスト', albumartist: 'unknown' }),
    ).toEqual({});
    expect(audioTagsMetadata({ album: 'Unknown Pleasures', artist: null, albumartist: null })).toEqual({
      title: 'Unknown Pleasures',
    });
  });

  it('reads a CV marker before the voice actors as a marker, not a name', () => {
    expect(audioTagsMetadata({ album: null, artist: 'CV.小鳥遊みく', albumartist: null }).vas).toEqual([
      { id: null, name: '小鳥遊みく' },
    ]);
    expect(audioTagsMetadata({ album: null, artist: 'cv：A、CV:B', albumartist: null }).vas).toEqual([
      { id: null, name: 'A' },
      { id: null, name: 'B' },
    ]);
    expect(audioTagsMetadata({ album: null, artist: 'Cvetka', albumartist: null }).vas).toEqual([
      { id: null, name: 'Cvetka' },
    ]);
  });

  it('lists the raw values a work carries', () => {
    expect(audioTagValues({ album: 'A', artist: null, albumartist: 'C' })).toEqual([
      { field: 'album', value: 'A' },
      { field: 'albumartist', value: 'C' },
    ]);
  });
});
