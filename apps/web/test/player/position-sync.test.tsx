import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../src/app/query-client';
import { SESSION_QUERY_KEY } from '../../src/features/auth/session';
import { usePositionSaver } from '../../src/player/engine/use-position-saver';
import { usePlayerStore } from '../../src/player/store';
import { queueItem } from './queue-item';

/** The PUTs sent to /api/playback: url, body and whether they outlive the page. */
function serve() {
  const puts: { url: string; body: unknown; keepalive: boolean | undefined }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (init.method === 'PUT')
        puts.push({ url, body: JSON.parse(String(init.body)), keepalive: init.keepalive });
      return new Response(null, { status: 204 });
    }),
  );
  return puts;
}

function mountSaver(time: { current: number }) {
  const audio = document.createElement('audio');
  Object.defineProperty(audio, 'currentTime', { get: () => time.current });
  Object.defineProperty(audio, 'duration', { get: () => 300 });
  renderHook(() => usePositionSaver({ current: audio }));
  return audio;
}

beforeEach(() => {
  localStorage.clear();
  queryClient.setQueryData(SESSION_QUERY_KEY, {
    user: { name: 'listener', group: 'user' },
    auth: true,
    reg: true,
  });
  usePlayerStore.getState().setQueue([queueItem(1), queueItem(2)], 0);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  queryClient.clear();
});

describe('position sync', () => {
  it('saves on page hide and unload with a request that outlives the page, once per position', async () => {
    const puts = serve();
    const time = { current: 42.26 };
    mountSaver(time);
    window.dispatchEvent(new Event('pagehide'));
    window.dispatchEvent(new Event('beforeunload'));
    await vi.waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      url: '/api/playback/7',
      body: { fileId: 1, position: 42.3, duration: 300 },
      keepalive: true,
    });
    time.current = 50;
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]).toMatchObject({ body: { position: 50 }, keepalive: true });
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
  });

  it('saves every 5 s while playing, so another device finds the place within seconds', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const puts = serve();
    const time = { current: 10 };
    const audio = mountSaver(time);
    Object.defineProperty(audio, 'paused', { get: () => false });
    audio.dispatchEvent(new Event('timeupdate'));
    expect(puts).toHaveLength(0);
    vi.setSystemTime(Date.now() + 5_000);
    time.current = 15;
    audio.dispatchEvent(new Event('timeupdate'));
    await vi.waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]?.body).toMatchObject({ fileId: 1, position: 15 });
  });

  it('leaving a track part-way saves where it was left', async () => {
    const puts = serve();
    mountSaver({ current: 0 });
    usePlayerStore.getState().reportTime(95);
    usePlayerStore.getState().next();
    await vi.waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ url: '/api/playback/7', body: { fileId: 1, position: 95 } });
  });
});
