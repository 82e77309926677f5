import type { TrackNode, Work } from '@sasayaki/api-contract';
import { api } from '../../../api/client';
import { defaultAudio, toQueueItem } from '../../../components/work/track-tree';
import { playTracks, type QueueItem } from '../../../player/api';

/** Trees asked for at once: a long playlist must not open a hundred requests together. */
const PARALLEL_TREES = 4;

/**
 * Every work's audio in the playlist's order, each work's as its page's Play would queue it (the folder its
 * tree opens at: `defaultAudio`). A work whose tree cannot be read (gone since it was added) is skipped.
 */
export async function playlistQueue(works: Work[]): Promise<QueueItem[]> {
  const trees: Array<TrackNode[] | null> = new Array(works.length).fill(null);
  let next = 0;
  const worker = async () => {
    while (next < works.length) {
      const index = next++;
      const work = works[index] as Work;
      trees[index] = await api<TrackNode[]>(`/api/tracks/${work.id}`).catch(() => null);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_TREES, works.length) }, worker));
  return works.flatMap((work, index) =>
    defaultAudio(trees[index] ?? []).map((file) => toQueueItem(file, work)),
  );
}

/**
 * "Play all": replaces the queue with the playlist's audio and plays from its first track, then counts the
 * play (`record-play`, which the server counts once per listener per half hour). Returns how many tracks
 * were queued.
 */
export async function playPlaylist(id: string, works: Work[], countPlay: boolean): Promise<number> {
  const items = await playlistQueue(works);
  playTracks(items, 0);
  if (items.length > 0 && countPlay) {
    await api('/api/playlist/record-play', { method: 'POST', body: { id } }).catch(() => undefined);
  }
  return items.length;
}
