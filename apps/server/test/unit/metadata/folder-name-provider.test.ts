import { describe, expect, it } from 'vitest';
import { folderNameMetadata } from '../../../src/metadata/folder-name-provider.js';

describe('folderNameMetadata', () => {
  it('gives the title, circle, voice actors and release the name holds, and nothing else', () => {
    expect(folderNameMetadata('(同人音声) [120702][RJ146932][そよかぜの部屋] 耳かき (CV.A、B)')).toEqual({
      title: '耳かき',
      circle: { id: null, name: 'そよかぜの部屋' },
      vas: [
        { id: null, name: 'A' },
        { id: null, name: 'B' },
      ],
      release: '2012-07-02',
    });
  });

  it('leaves out what the name does not say (a bare code knows nothing)', () => {
    expect(folderNameMetadata('RJ01324958')).toEqual({});
    expect(folderNameMetadata('RJ123456 タイトル')).toEqual({ title: 'タイトル' });
  });
});
