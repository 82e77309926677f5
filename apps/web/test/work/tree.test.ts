import { describe, expect, it } from 'vitest';
import {
  autoDescend,
  childrenAt,
  folderQueue,
  parsePath,
  summarize,
  zipPath,
} from '../../src/features/work/tree/tree';
import { file, folder, sampleTree } from './fixtures';

const work = {
  id: 123456,
  source_id: 'RJ123456',
  title: 'Work',
  circle: { id: 1, name: 'Circle' },
  samCoverUrl: '/api/cover/123456.jpg?type=sam',
};

describe('tree paths', () => {
  it('reads ?path= as a JSON list of names, else the root', () => {
    expect(parsePath('["mp3","SE無し"]')).toEqual(['mp3', 'SE無し']);
    expect(parsePath(null)).toEqual([]);
    expect(parsePath('not json')).toEqual([]);
    expect(parsePath('{"a":1}')).toEqual([]);
    expect(parsePath('[1,2]')).toEqual([]);
  });

  it('finds the children at a path, or null for a missing folder', () => {
    const root = sampleTree();
    expect(childrenAt(root, ['RJ123456', 'mp3', 'SE無し'])?.map((node) => node.title)).toEqual([
      '01 はじめに.mp3',
      '02 耳かき.mp3',
      '03 おやすみ.mp3',
      'readme.txt',
    ]);
    expect(childrenAt(root, ['nope'])).toBeNull();
  });

  it('auto-descends through levels holding exactly one folder and nothing else', () => {
    const root = sampleTree();
    expect(autoDescend(root, [])).toEqual(['RJ123456']);
    expect(autoDescend(root, ['RJ123456'])).toEqual(['RJ123456']);
    const chain = [
      folder('a', [folder('b', [folder('c', [file('x.mp3', 'audio', 1), file('y.mp3', 'audio', 1)])])]),
    ];
    expect(autoDescend(chain, [])).toEqual(['a', 'b', 'c']);
    expect(autoDescend([folder('a', [file('x.mp3', 'audio', 1)])], [])).toEqual(['a']);
    expect(autoDescend([file('x.mp3', 'audio', 1)], [])).toEqual([]);
    expect(autoDescend(root, ['missing'])).toEqual(['missing']);
  });

  it('counts items and sums audio durations recursively', () => {
    const root = sampleTree();
    const mp3 = childrenAt(root, ['RJ123456', 'mp3']) ?? [];
    expect(summarize(mp3)).toEqual({ items: 2, files: 5, audio: 4, duration: 65 + 3600 + 125 + 70 });
  });

  it('queues the audio files of the clicked file’s folder, starting at it', () => {
    const level = childrenAt(sampleTree(), ['RJ123456', 'mp3', 'SE無し']) ?? [];
    const clicked = level[1];
    if (!clicked || clicked.type === 'folder') throw new Error('fixture');
    const { items, index } = folderQueue(level, clicked, work);
    expect(items.map((item) => item.title)).toEqual(['01 はじめに.mp3', '02 耳かき.mp3', '03 おやすみ.mp3']);
    expect(index).toBe(1);
    expect(items[1]).toMatchObject({
      hash: clicked.hash,
      workId: 123456,
      sourceId: 'RJ123456',
      workTitle: 'Work',
      circleName: 'Circle',
      duration: 3600,
      mediaStreamUrl: clicked.mediaStreamUrl,
    });
  });

  it('queues a work whose circle nobody knows without a circle name (the player shows the code)', () => {
    const level = childrenAt(sampleTree(), ['RJ123456', 'mp3', 'SE無し']) ?? [];
    const clicked = level[0];
    if (!clicked || clicked.type === 'folder') throw new Error('fixture');
    const { items } = folderQueue(level, clicked, { ...work, circle: { id: 0, name: '' } });
    expect(items[0]?.circleName).toBeNull();
  });

  it('builds ZIP paths for the work and for a folder', () => {
    expect(zipPath(123456)).toBe('/api/media/download-work/123456');
    expect(zipPath(123456, ['mp3', 'SE無し'])).toBe(
      `/api/media/download-work/123456?path=${encodeURIComponent('["mp3","SE無し"]')}`,
    );
  });
});
