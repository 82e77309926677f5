import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AudioEngine } from '../../src/player/engine/AudioEngine';
import { nextRecoveryStep } from '../../src/player/engine/recovery';
import { resetLowBitrateFormat } from '../../src/player/sources';
import { usePlayerStore } from '../../src/player/store';
import type { QueueItem } from '../../src/player/types';
import { queueItem } from './queue-item';

/**
 * A stream that fails (issue 5): retry once, then the other quality, then the next track with a notice,
 * which plays when the listener wanted sound; a 429 shows the rate-limit message and pauses. The audio
 * element is faked: a load of a "broken" URL fires `error`, any other loads and reports its metadata.
 */

const notify = vi.hoisted(() => ({ warning: vi.fn() }));
vi.mock('../../src/lib/notify', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/notify')>()),
  notifyWarning: notify.warning,
}));

const item = (n: number, low = true): QueueItem =>
  queueItem(n, { streamLowQualityUrl: low ? `/api/media/stream-lq/7/${n}` : undefined });

interface State {
  paused: boolean;
  readyState: number;
  error: MediaError | null;
}
const states = new WeakMap<HTMLMediaElement, State>();
const stateOf = (element: HTMLMediaElement) => {
  let state = states.get(element);
  if (!state) {
    state = { paused: true, readyState: 0, error: null };
    states.set(element, state);
  }
  return state;
};
let broken: RegExp = /^$/;
let silent: RegExp = /^$/;
const loads: string[] = [];

const REPLACED = ['error', 'currentSrc'] as const;
const saved = new Map<string, PropertyDescriptor | undefined>();

function fakeMedia() {
  const proto = HTMLMediaElement.prototype;
  vi.spyOn(proto, 'paused', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return stateOf(this).paused;
  });
  vi.spyOn(proto, 'readyState', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return stateOf(this).readyState;
  });
  // jsdom lacks `error` and keeps `currentSrc` empty: both replaced (and put back after each test).
  for (const key of REPLACED) saved.set(key, Object.getOwnPropertyDescriptor(proto, key));
  Object.defineProperty(proto, 'error', {
    configurable: true,
    get(this: HTMLMediaElement) {
      return stateOf(this).error;
    },
  });
  Object.defineProperty(proto, 'currentSrc', {
    configurable: true,
    get(this: HTMLMediaElement) {
      return this.getAttribute('src') ?? '';
    },
  });
  vi.spyOn(proto, 'duration', 'get').mockReturnValue(60);
  vi.spyOn(proto, 'load').mockImplementation(function (this: HTMLMediaElement) {
    const state = stateOf(this);
    Object.assign(state, { paused: true, readyState: 0, error: null });
    const src = this.getAttribute('src');
    if (!src) return;
    loads.push(src.replace(/^\/api\/media\//, ''));
    setTimeout(() => this.dispatchEvent(new Event('loadstart')), 0);
    // A stream that never answers (a transcode queued for minutes): no metadata, no error.
    if (silent.test(src)) return;
    setTimeout(() => {
      if (broken.test(src)) {
        state.error = { code: 4, message: 'DEMUXER_ERROR_COULD_NOT_OPEN' } as MediaError;
        this.dispatchEvent(new Event('error'));
      } else {
        state.readyState = 4;
        this.dispatchEvent(new Event('loadedmetadata'));
      }
    }, 0);
  });
  vi.spyOn(proto, 'play').mockImplementation(function (this: HTMLMediaElement) {
    const state = stateOf(this);
    if (state.paused) {
      state.paused = false;
      setTimeout(() => {
        this.dispatchEvent(new Event('play'));
        this.dispatchEvent(new Event('playing'));
      }, 0);
    }
    return Promise.resolve();
  });
  vi.spyOn(proto, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    const state = stateOf(this);
    if (!state.paused) {
      state.paused = true;
      setTimeout(() => this.dispatchEvent(new Event('pause')), 0);
    }
  });
}

/** The one-byte probe the player sends after a failure: `status` for the broken URLs. */
function probeAnswers(status: number, headers: Record<string, string> = {}) {
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
    if (init?.method === 'OPTIONS') return new Response(null, { status: 204 });
    return new Response(status === 206 ? 'x' : JSON.stringify({ error: 'no' }), { status, headers });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const player = () => usePlayerStore.getState();
const settle = () => act(() => vi.advanceTimersByTimeAsync(20));
const audioOf = (container: HTMLElement) => container.querySelector('audio') as HTMLAudioElement;

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  loads.length = 0;
  broken = /^$/;
  silent = /^$/;
  notify.warning.mockClear();
  fakeMedia();
  // A browser that plays Opus: the low-bitrate URLs stay as the server gave them.
  vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('probably');
  resetLowBitrateFormat();
  player().clear();
  usePlayerStore.setState({ playMode: 'order', playing: false, intent: 'nothing', seek: null });
});

afterEach(() => {
  for (const key of REPLACED) {
    const descriptor = saved.get(key);
    if (descriptor) Object.defineProperty(HTMLMediaElement.prototype, key, descriptor);
    else delete (HTMLMediaElement.prototype as unknown as Record<string, unknown>)[key];
  }
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  resetLowBitrateFormat();
});

describe('recovery steps', () => {
  it('retry, the other quality (retried too), then skip; a file without a low stream skips sooner', () => {
    let state = { hash: '7/1', retried: false, switched: false };
    const steps: string[] = [];
    let quality: 'low' | 'original' = 'low';
    for (let i = 0; i < 5; i++) {
      const { step, state: next } = nextRecoveryStep(state, item(1), quality);
      state = next;
      steps.push(step.action === 'switch' ? `switch:${step.quality}` : step.action);
      if (step.action === 'switch') quality = step.quality;
    }
    expect(steps).toEqual(['retry', 'switch:original', 'retry', 'skip', 'skip']);
    const original = nextRecoveryStep(
      { hash: '7/2', retried: true, switched: false },
      item(2, false),
      'original',
    );
    expect(original.step).toEqual({ action: 'skip' });
  });
});

describe('a failing stream in the engine', () => {
  it('is retried, played at the other quality, then skipped with a notice; the next track plays', async () => {
    probeAnswers(500);
    broken = /\/7\/1(\?|$)/;
    player().setQueue([item(1), item(2)], 0);
    const { container } = render(<AudioEngine />);
    for (let i = 0; i < 10; i++) await settle();
    expect(loads).toEqual(['stream-lq/7/1', 'stream-lq/7/1', 'stream/7/1', 'stream/7/1', 'stream-lq/7/2']);
    expect(notify.warning).toHaveBeenCalledWith('Could not play “Track 1”: skipped to the next track', 6_000);
    expect(player().queueIndex).toBe(1);
    expect(audioOf(container).paused).toBe(false);
    expect(player().playing).toBe(true);
  });

  it('a paused track that fails to load is skipped to a paused next track', async () => {
    probeAnswers(500);
    broken = /\/7\/1(\?|$)/;
    player().setQueue([item(1, false), item(2)], 0);
    act(() => usePlayerStore.setState({ intent: 'wantPause' }));
    const { container } = render(<AudioEngine />);
    for (let i = 0; i < 10; i++) await settle();
    expect(loads).toEqual(['stream/7/1', 'stream/7/1', 'stream-lq/7/2']);
    expect(player().queueIndex).toBe(1);
    expect(audioOf(container).paused).toBe(true);
  });

  it('the last track failing stops the player instead of skipping nowhere', async () => {
    probeAnswers(500);
    broken = /\/7\/2(\?|$)/;
    player().setQueue([item(1), item(2, false)], 1);
    render(<AudioEngine />);
    for (let i = 0; i < 10; i++) await settle();
    expect(player().queueIndex).toBe(1);
    expect(notify.warning).toHaveBeenCalledWith('Could not play “Track 2”: skipped to the next track', 6_000);
    expect(player().playing).toBe(false);
  });

  it("a 429 shows the rate-limit message (the guest's with its seconds) and pauses, nothing else", async () => {
    const fetchMock = probeAnswers(429, { 'Retry-After': '42' });
    broken = /\/7\/1(\?|$)/;
    player().setQueue([item(1), item(2)], 0);
    const { container } = render(<AudioEngine />);
    for (let i = 0; i < 6; i++) await settle();
    expect(loads).toEqual(['stream-lq/7/1']);
    const probe = fetchMock.mock.calls.find(([, init]) => init?.method !== 'OPTIONS');
    expect(probe?.[0]).toBe('/api/media/stream-lq/7/1');
    expect(new Headers(probe?.[1]?.headers).get('Range')).toBe('bytes=0-0');
    expect(notify.warning).toHaveBeenCalledWith(
      'Streaming for the guest account is rate-limited: try again in 42 s, or register an account for unlimited listening.',
      8_000,
    );
    expect(player().queueIndex).toBe(0);
    expect(audioOf(container).paused).toBe(true);
  });

  it('while a track plays, the next two get prefetch hints (none while paused)', async () => {
    const fetchMock = probeAnswers(500);
    broken = /^$/;
    const queue = [item(1), item(2), item(3), item(4)];
    player().setQueue(queue, 0);
    act(() => usePlayerStore.setState({ intent: 'wantPause' }));
    render(<AudioEngine />);
    await settle();
    const hints = () =>
      (fetchMock.mock.calls as unknown as [string, RequestInit][])
        .filter(([, init]) => init?.method === 'OPTIONS')
        .map(([url]) => url);
    expect(hints()).toEqual([]);
    act(() => player().wantPlay());
    await settle();
    expect(player().playing).toBe(true);
    expect(hints()).toEqual(['/api/media/stream-lq/7/2', '/api/media/stream-lq/7/3']);
    act(() => player().next());
    await settle();
    expect(hints()).toEqual([
      '/api/media/stream-lq/7/2',
      '/api/media/stream-lq/7/3',
      '/api/media/stream-lq/7/4',
    ]);
  });

  it('a low-bitrate stream without metadata after 10 s gives way to the original, which plays', async () => {
    probeAnswers(500);
    silent = /stream-lq\/7\/1(\?|$)/;
    player().setQueue([item(1), item(2)], 0);
    const { container } = render(<AudioEngine />);
    await settle();
    expect(loads).toEqual(['stream-lq/7/1']);
    await act(() => vi.advanceTimersByTimeAsync(9_000));
    expect(loads).toEqual(['stream-lq/7/1']);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    await settle();
    expect(loads).toEqual(['stream-lq/7/1', 'stream/7/1']);
    expect(player().queueIndex).toBe(0);
    expect(audioOf(container).paused).toBe(false);
    expect(notify.warning).not.toHaveBeenCalled();
  });

  it('an original that is slow to start is left alone (no timeout)', async () => {
    probeAnswers(500);
    silent = /stream\/7\/1(\?|$)/;
    player().setQueue([item(1, false), item(2)], 0);
    render(<AudioEngine />);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(loads).toEqual(['stream/7/1']);
  });
});
