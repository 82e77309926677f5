import type { QueueItem } from '../../src/player/types';

/** Track `n` of work RJ000007, one minute long; tests override what they look at. */
export function queueItem(n: number, extra: Partial<QueueItem> = {}): QueueItem {
  return {
    hash: `7/${n}`,
    title: `Track ${n}`,
    workId: 7,
    sourceId: 'RJ000007',
    workTitle: 'W',
    circleName: null,
    duration: 60,
    mediaStreamUrl: `/api/media/stream/7/${n}`,
    coverUrl: '/api/cover/7.jpg',
    ...extra,
  };
}
