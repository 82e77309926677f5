import { beforeEach, describe, expect, it, vi } from 'vitest';
import { usePlayerActivation } from '../../src/player/activation';
import { enqueue, playNext, playTracks } from '../../src/player/api';
import { indexAfterEnd, moveItem, nextPlayMode, pickShuffle } from '../../src/player/queue-rules';
import { resetLowBitrateFormat } from '../../src/player/sources';
import { loadSaved, PLAYER_STORAGE_KEY, usePlayerStore } from '../../src/player/store';
import type { QueueItem } from '../../src/player/types';

const item = (n: number, extra: Partial<QueueItem> = {}): QueueItem => ({
  hash: `100/${n}`,
  title: `Track ${n}`,
  workId: 100,
  sourceId: 'RJ000100',
  workTitle: 'Work',
  circleName: 'Circle',
  duration: 60,
  mediaStreamUrl: `/api/media/stream/100/${n}`,
  coverUrl: '/api/cover/100.jpg?type=main',
  ...extra,
});
const items = (count: number) => Array.from({ length: count }, (_, i) => item(i));
const store = () => usePlayerStore.getState();
const hashes = () => store().queue.map((q) => q.hash);

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(null, { status: 204 })),
  );
  store().clear();
  usePlayerStore.setState({ playMode: 'order', playing: false, intent: 'nothing', shuffled: [] });
});

describe('queue', () => {
  it('playTracks replaces the queue, starts at the index, wants to play and activates the player', () => {
    playTracks(items(3), 1);
    expect(hashes()).toEqual(['100/0', '100/1', '100/2']);
    expect(store().queueIndex).toBe(1);
    expect(store().intent).toBe('wantPlay');
    expect(usePlayerActivation.getState().activated).toBe(true);
  });

  it('playTracks sends an OPTIONS prefetch for each URL it would play (low quality when fluentFirst)', () => {
    // A browser that plays Opus in WebM (jsdom answers '' to canPlayType): the low-bitrate URL as given.
    const canPlay = vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('probably');
    resetLowBitrateFormat();
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    playTracks([item(50, { streamLowQualityUrl: '/api/media/stream-lq/100/50' }), item(51)], 0);
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
    expect(calls.map(([url, init]) => [url, init.method])).toEqual([
      ['/api/media/stream-lq/100/50', 'OPTIONS'],
      ['/api/media/stream/100/51', 'OPTIONS'],
    ]);
    canPlay.mockRestore();
    resetLowBitrateFormat();
  });

  it('playNext inserts after the current item; enqueue appends', () => {
    playTracks(items(3), 0);
    playNext(item(9));
    enqueue([item(8)]);
    expect(hashes()).toEqual(['100/0', '100/9', '100/1', '100/2', '100/8']);
    expect(store().queueIndex).toBe(0);
  });

  it('playNext and enqueue on an empty queue start playing', () => {
    playNext(item(4));
    expect(hashes()).toEqual(['100/4']);
    expect(store().intent).toBe('wantPlay');
    store().clear();
    enqueue([item(5), item(6)]);
    expect(store().queueIndex).toBe(0);
    expect(store().intent).toBe('wantPlay');
  });

  it('removing the current item pauses and resets the index to 0', () => {
    playTracks(items(4), 2);
    usePlayerStore.setState({ playing: true });
    store().remove(2);
    expect(hashes()).toEqual(['100/0', '100/1', '100/3']);
    expect(store().queueIndex).toBe(0);
    expect(store().intent).toBe('wantPause');
    expect(store().playing).toBe(false);
  });

  it('removing an earlier item decrements the index; a later one keeps it', () => {
    playTracks(items(4), 2);
    store().remove(0);
    expect(store().queueIndex).toBe(1);
    expect(store().queue[store().queueIndex]?.hash).toBe('100/2');
    store().remove(2);
    expect(store().queueIndex).toBe(1);
    expect(hashes()).toEqual(['100/1', '100/2']);
  });

  it('ignores removing an index out of range', () => {
    playTracks(items(2), 1);
    store().remove(5);
    expect(hashes()).toEqual(['100/0', '100/1']);
  });

  it('reorders by drag and keeps the current track current', () => {
    playTracks(items(5), 2);
    store().move(2, 4);
    expect(store().queue[store().queueIndex]?.hash).toBe('100/2');
    store().move(0, 4);
    expect(store().queue[store().queueIndex]?.hash).toBe('100/2');
    store().move(4, 0);
    expect(store().queue[store().queueIndex]?.hash).toBe('100/2');
    expect(moveItem(items(3), 1, 0, 2).index).toBe(0);
    expect(moveItem(items(3), 1, 2, 0).index).toBe(2);
  });

  it('clear empties the queue and pauses', () => {
    playTracks(items(3), 1);
    store().clear();
    expect(store().queue).toEqual([]);
    expect(store().queueIndex).toBe(0);
    expect(store().intent).toBe('wantPause');
  });
});

describe('next and previous', () => {
  it('stay within bounds', () => {
    playTracks(items(3), 0);
    store().previous();
    expect(store().queueIndex).toBe(0);
    store().next();
    store().next();
    expect(store().queueIndex).toBe(2);
    const nonce = store().loadNonce;
    store().next();
    expect(store().queueIndex).toBe(2);
    expect(store().loadNonce).toBe(nonce);
    store().previous();
    expect(store().queueIndex).toBe(1);
  });

  it('keep the play state: paused stays paused', () => {
    playTracks(items(3), 0);
    usePlayerStore.setState({ intent: 'nothing', playing: false });
    store().next();
    expect(store().intent).toBe('wantPause');
    usePlayerStore.setState({ playing: true });
    store().next();
    expect(store().intent).toBe('wantPlay');
  });
});

describe('play modes', () => {
  it('cycle order → all repeat → repeat once → shuffle → order', () => {
    expect(nextPlayMode('order')).toBe('all repeat');
    expect(nextPlayMode('all repeat')).toBe('repeat once');
    expect(nextPlayMode('repeat once')).toBe('shuffle');
    expect(nextPlayMode('shuffle')).toBe('order');
    store().cycleMode();
    expect(store().playMode).toBe('all repeat');
  });

  it('order: the next track follows, and playback stops after the last', () => {
    playTracks(items(2), 0);
    expect(store().ended()).toBe(true);
    expect(store().queueIndex).toBe(1);
    expect(store().ended()).toBe(false);
    expect(store().queueIndex).toBe(1);
    expect(store().intent).toBe('wantPause');
  });

  it('all repeat wraps to the first track', () => {
    playTracks(items(2), 1);
    usePlayerStore.setState({ playMode: 'all repeat' });
    expect(store().ended()).toBe(true);
    expect(store().queueIndex).toBe(0);
    expect(store().intent).toBe('wantPlay');
  });

  it('repeat once restarts the same track', () => {
    playTracks(items(3), 1);
    usePlayerStore.setState({ playMode: 'repeat once', currentTime: 59 });
    store().ended();
    expect(store().queueIndex).toBe(1);
    expect(store().seek?.time).toBe(0);
    expect(store().intent).toBe('wantPlay');
  });

  it('shuffle plays every track once before any repeats', () => {
    playTracks(items(6), 2);
    usePlayerStore.setState({ playMode: 'shuffle', shuffled: [2] });
    const seen = [store().queueIndex];
    for (let i = 0; i < 5; i++) {
      store().ended();
      seen.push(store().queueIndex);
    }
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5]);
    // Exhausted: a new round starts without repeating the track just played.
    const last = store().queueIndex;
    store().ended();
    expect(store().queueIndex).not.toBe(last);
  });

  it('shuffle via the next button also avoids repeats', () => {
    playTracks(items(4), 0);
    usePlayerStore.setState({ playMode: 'shuffle', shuffled: [0] });
    const seen = new Set([0]);
    for (let i = 0; i < 3; i++) {
      store().next();
      seen.add(store().queueIndex);
    }
    expect(seen.size).toBe(4);
  });

  it('pickShuffle and indexAfterEnd handle edge cases', () => {
    expect(pickShuffle(1, 0, [0]).index).toBe(0);
    expect(pickShuffle(3, 0, [0, 1], () => 0.99).index).toBe(2);
    expect(indexAfterEnd('order', 0, 0, []).index).toBeNull();
  });
});

describe('settings', () => {
  it('clamps volume to 0-1 and speed to 0.5-3', () => {
    store().setVolume(1.7);
    expect(store().volume).toBe(1);
    store().setVolume(-1);
    expect(store().volume).toBe(0);
    store().setRate(5);
    expect(store().rate).toBe(3);
    store().setRate(0.1);
    expect(store().rate).toBe(0.5);
  });

  it('toggles mute and play', () => {
    playTracks(items(1), 0);
    store().toggleMute();
    expect(store().muted).toBe(true);
    usePlayerStore.setState({ playing: true, intent: 'nothing' });
    store().togglePlay();
    expect(store().intent).toBe('wantPause');
  });

  it('seeks within the track', () => {
    playTracks(items(1), 0);
    usePlayerStore.setState({ duration: 60, currentTime: 10 });
    store().seekBy(-30);
    expect(store().seek?.time).toBe(0);
    store().seekTo(100);
    expect(store().seek?.time).toBe(60);
  });

  it('saves queue, index, volume, mute, mode and speed, and restores them', () => {
    playTracks(items(3), 2);
    store().setVolume(0.4);
    store().toggleMute();
    store().cycleMode();
    store().setRate(1.5);
    const saved = loadSaved();
    expect(saved.queue).toHaveLength(3);
    expect(saved.queueIndex).toBe(2);
    expect(saved.volume).toBe(0.4);
    expect(saved.muted).toBe(true);
    expect(saved.playMode).toBe('all repeat');
    expect(saved.rate).toBe(1.5);
  });

  it('survives garbage in storage', () => {
    localStorage.setItem(
      PLAYER_STORAGE_KEY,
      '{"queue":[1,{"x":2}],"queueIndex":9,"volume":"loud","playMode":"weird","rate":99}',
    );
    const saved = loadSaved();
    expect(saved.queue).toEqual([]);
    expect(saved.queueIndex).toBe(0);
    expect(saved.volume).toBe(1);
    expect(saved.playMode).toBe('order');
    expect(saved.rate).toBe(3);
    localStorage.setItem(PLAYER_STORAGE_KEY, 'not json');
    expect(loadSaved().queue).toEqual([]);
  });
});

describe('quality switches and buffering', () => {
  it('setQuality reloads from the given time (a seek), else from where it is', () => {
    const store = usePlayerStore.getState();
    store.setQueue([item(1)], 0);
    usePlayerStore.getState().reportTime(12);
    const nonce = usePlayerStore.getState().loadNonce;
    usePlayerStore.getState().setQuality('original', 900);
    expect(usePlayerStore.getState()).toMatchObject({
      qualityOverride: 'original',
      startAt: 900,
      currentTime: 900,
      loadNonce: nonce + 1,
    });
    usePlayerStore.getState().setQuality('low');
    expect(usePlayerStore.getState().startAt).toBe(900);
  });

  it('reports buffering without new state when nothing changes', () => {
    usePlayerStore.getState().reportBuffering(true);
    const before = usePlayerStore.getState();
    usePlayerStore.getState().reportBuffering(true);
    expect(usePlayerStore.getState()).toBe(before);
    usePlayerStore.getState().reportBuffering(false);
    expect(usePlayerStore.getState().buffering).toBe(false);
  });
});
