import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeSharedConfig } from '../../src/lib/shared-config';
import { AudioEngine } from '../../src/player/engine/AudioEngine';
import { setPositionState } from '../../src/player/engine/media-session';
import { usePlayerStore } from '../../src/player/store';
import type { QueueItem } from '../../src/player/types';
import { queueItem } from './queue-item';

/**
 * Media Session (issue 5): metadata (title, work, circle, artwork), the actions (play, pause, seekto,
 * previoustrack, nexttrack, seekbackward, seekforward) reaching the audio element, the position state on
 * seeks and rate changes, and every action feature-detected, so a browser that throws on one still gets
 * the others. jsdom has neither Media Session nor playback: both are faked as Chromium behaves
 * (unknown actions throw a TypeError, setPositionState validates, media events are queued as tasks).
 */

const ALL_ACTIONS = [
  'play',
  'pause',
  'previoustrack',
  'nexttrack',
  'seekbackward',
  'seekforward',
  'seekto',
] as const;

class FakeMediaMetadata {
  title: string;
  artist: string;
  album: string;
  artwork: MediaImage[];
  constructor(init: MediaMetadataInit = {}) {
    this.title = init.title ?? '';
    this.artist = init.artist ?? '';
    this.album = init.album ?? '';
    this.artwork = (init.artwork ?? []).map((image) => ({ ...image }));
  }
}

class FakeMediaSession {
  metadata: FakeMediaMetadata | null = null;
  playbackState: MediaSessionPlaybackState = 'none';
  readonly handlers = new Map<string, MediaSessionActionHandler>();
  readonly positions: MediaPositionState[] = [];
  constructor(private readonly unknownActions: readonly string[] = []) {}
  setActionHandler = vi.fn((action: string, handler: MediaSessionActionHandler | null) => {
    if (this.unknownActions.includes(action))
      throw new TypeError(
        `Failed to execute 'setActionHandler' on 'MediaSession': The provided value '${action}' is not a valid enum value of type MediaSessionAction.`,
      );
    if (handler) this.handlers.set(action, handler);
    else this.handlers.delete(action);
  });
  setPositionState: ((state?: MediaPositionState) => void) | undefined = vi.fn(
    (state?: MediaPositionState) => {
      if (!state) return;
      const { duration = Number.NaN, position = 0, playbackRate = 1 } = state;
      if (!(duration >= 0) || position < 0 || position > duration || playbackRate === 0)
        throw new TypeError("Failed to execute 'setPositionState' on 'MediaSession': invalid state");
      this.positions.push({ duration, position, playbackRate });
    },
  );
  /** What the browser does when the listener presses a key or a lock-screen button. */
  act(action: MediaSessionAction, details: Partial<MediaSessionActionDetails> = {}) {
    const handler = this.handlers.get(action);
    if (!handler) throw new Error(`no handler for ${action}`);
    handler({ action, ...details } as MediaSessionActionDetails);
  }
}

// ---------------------------------------------------------------------------------------------------
// The audio element: state kept per element, events queued as tasks like a browser's.

interface MediaState {
  paused: boolean;
  currentTime: number;
  duration: number;
  playbackRate: number;
  readyState: number;
}
const media = new WeakMap<HTMLMediaElement, MediaState>();
/** Length the next load reports (Infinity: a low-bitrate stream still being transcoded). */
let nextDuration = 60;

function stateOf(element: HTMLMediaElement): MediaState {
  let state = media.get(element);
  if (!state) {
    state = { paused: true, currentTime: 0, duration: Number.NaN, playbackRate: 1, readyState: 0 };
    media.set(element, state);
  }
  return state;
}
const fire = (element: HTMLMediaElement, type: string) =>
  setTimeout(() => element.dispatchEvent(new Event(type)), 0);

function fakeMedia() {
  const proto = HTMLMediaElement.prototype;
  vi.spyOn(proto, 'paused', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return stateOf(this).paused;
  });
  vi.spyOn(proto, 'duration', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return stateOf(this).duration;
  });
  vi.spyOn(proto, 'readyState', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return stateOf(this).readyState;
  });
  vi.spyOn(proto, 'currentTime', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return stateOf(this).currentTime;
  });
  vi.spyOn(proto, 'currentTime', 'set').mockImplementation(function (this: HTMLMediaElement, value: number) {
    stateOf(this).currentTime = value;
    fire(this, 'seeked');
  });
  vi.spyOn(proto, 'playbackRate', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return stateOf(this).playbackRate;
  });
  vi.spyOn(proto, 'playbackRate', 'set').mockImplementation(function (this: HTMLMediaElement, value: number) {
    const state = stateOf(this);
    if (state.playbackRate === value) return;
    state.playbackRate = value;
    fire(this, 'ratechange');
  });
  const load = vi.spyOn(proto, 'load').mockImplementation(function (this: HTMLMediaElement) {
    const state = stateOf(this);
    Object.assign(state, { paused: true, currentTime: 0, duration: Number.NaN, readyState: 0 });
    if (!this.getAttribute('src')) return;
    setTimeout(() => {
      Object.assign(state, { duration: nextDuration, readyState: 4 });
      this.dispatchEvent(new Event('durationchange'));
      this.dispatchEvent(new Event('loadedmetadata'));
    }, 0);
  });
  const play = vi.spyOn(proto, 'play').mockImplementation(function (this: HTMLMediaElement) {
    const state = stateOf(this);
    if (state.paused) {
      state.paused = false;
      fire(this, 'play');
    }
    return Promise.resolve();
  });
  const pause = vi.spyOn(proto, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    const state = stateOf(this);
    if (!state.paused) {
      state.paused = true;
      fire(this, 'pause');
    }
  });
  return { load, play, pause };
}

// ---------------------------------------------------------------------------------------------------

const item = (n: number, extra: Partial<QueueItem> = {}): QueueItem =>
  queueItem(n, {
    workTitle: 'The Work',
    circleName: 'The Circle',
    coverUrl: '/api/cover/7.jpg?type=main',
    ...extra,
  });

const player = () => usePlayerStore.getState();
const tasks = (ms = 5) => act(() => vi.advanceTimersByTimeAsync(ms));

function installSession(session: FakeMediaSession | null, metadata = true) {
  if (session) Object.defineProperty(navigator, 'mediaSession', { configurable: true, value: session });
  if (metadata) vi.stubGlobal('MediaMetadata', FakeMediaMetadata);
}

/** The engine with two tracks loaded (paused at 0) and the audio element. */
async function mountEngine(items = [item(1), item(2, { circleName: null })]) {
  player().setQueue(items, 0);
  usePlayerStore.setState({ intent: 'nothing' });
  const view = render(<AudioEngine />);
  await tasks();
  const audio = view.container.querySelector('audio') as HTMLAudioElement;
  return { view, audio };
}

let element: ReturnType<typeof fakeMedia>;

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(null, { status: 204 })),
  );
  localStorage.clear();
  localStorage.setItem('jwt-token', 'tok');
  element = fakeMedia();
  nextDuration = 60;
  player().clear();
  usePlayerStore.setState({ playMode: 'order', rate: 1, playing: false, intent: 'nothing', seek: null });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  delete (navigator as unknown as { mediaSession?: unknown }).mediaSession;
});

describe('Media Session', () => {
  it('shows the track, its work, its circle and the cover; follows the track', async () => {
    const session = new FakeMediaSession();
    installSession(session);
    await mountEngine();
    expect(session.metadata).toEqual({
      title: 'Track 1',
      album: 'The Work',
      artist: 'The Circle',
      artwork: [{ src: `${window.location.origin}/api/cover/7.jpg?type=main&token=tok`, sizes: '512x512' }],
    });
    act(() => player().next());
    await tasks();
    // No circle: the work's code stands in.
    expect(session.metadata).toMatchObject({ title: 'Track 2', artist: 'RJ000007', album: 'The Work' });
    act(() => player().clear());
    await tasks();
    expect(session.metadata).toBeNull();
  });

  it('registers every action, and they reach the audio element', async () => {
    const session = new FakeMediaSession();
    installSession(session);
    const { audio } = await mountEngine();
    expect([...session.handlers.keys()].sort()).toEqual([...ALL_ACTIONS].sort());

    act(() => session.act('play'));
    await tasks();
    expect(element.play).toHaveBeenCalled();
    expect(audio.paused).toBe(false);
    expect(session.playbackState).toBe('playing');

    act(() => session.act('pause'));
    await tasks();
    expect(audio.paused).toBe(true);
    expect(session.playbackState).toBe('paused');

    act(() => session.act('seekto', { seekTime: 20 }));
    await tasks();
    expect(audio.currentTime).toBe(20);
    // Default seek steps: back 5 s, forward 30 s (spec section 9)...
    act(() => session.act('seekbackward'));
    await tasks();
    expect(audio.currentTime).toBe(15);
    act(() => session.act('seekforward'));
    await tasks();
    expect(audio.currentTime).toBe(45);
    // ...the browser's own offset when it gives one...
    act(() => session.act('seekbackward', { seekOffset: 10 }));
    await tasks();
    expect(audio.currentTime).toBe(35);
    // ...and the user's settings otherwise.
    writeSharedConfig({ rewindSeekTime: 15, forwardSeekTime: 10 });
    act(() => session.act('seekbackward'));
    await tasks();
    expect(audio.currentTime).toBe(20);
    act(() => session.act('seekforward'));
    await tasks();
    expect(audio.currentTime).toBe(30);
    // A seekto without a time is ignored.
    act(() => session.act('seekto'));
    await tasks();
    expect(audio.currentTime).toBe(30);

    act(() => session.act('nexttrack'));
    await tasks();
    expect(player().queueIndex).toBe(1);
    expect(audio.getAttribute('src')).toBe('/api/media/stream/7/2?token=tok');
    act(() => session.act('previoustrack'));
    await tasks();
    expect(player().queueIndex).toBe(0);
    expect(audio.getAttribute('src')).toBe('/api/media/stream/7/1?token=tok');
  });

  it('sets the position state on load, on every seek and on rate changes', async () => {
    const session = new FakeMediaSession();
    installSession(session);
    await mountEngine();
    expect(session.positions.at(-1)).toEqual({ duration: 60, position: 0, playbackRate: 1 });

    act(() => session.act('seekto', { seekTime: 12.5 }));
    await tasks();
    expect(session.positions.at(-1)).toEqual({ duration: 60, position: 12.5, playbackRate: 1 });

    act(() => player().seekBy(30));
    await tasks();
    expect(session.positions.at(-1)).toEqual({ duration: 60, position: 42.5, playbackRate: 1 });

    act(() => player().setRate(1.5));
    await tasks();
    expect(session.positions.at(-1)).toEqual({ duration: 60, position: 42.5, playbackRate: 1.5 });
  });

  it('uses the scanned length while a growing low-bitrate stream has none (Infinity)', async () => {
    const session = new FakeMediaSession();
    installSession(session);
    nextDuration = Number.POSITIVE_INFINITY;
    const { audio } = await mountEngine([item(1, { duration: 1800 })]);
    expect(audio.duration).toBe(Number.POSITIVE_INFINITY);
    expect(session.positions.at(-1)).toEqual({ duration: 1800, position: 0, playbackRate: 1 });
    // The seek bar keeps a length too.
    expect(player().duration).toBe(1800);
  });

  it('a browser that throws on some actions still gets the others; unmounting removes them', async () => {
    const session = new FakeMediaSession(['seekto', 'previoustrack', 'seekbackward']);
    installSession(session);
    const { view, audio } = await mountEngine();
    expect([...session.handlers.keys()].sort()).toEqual(['nexttrack', 'pause', 'play', 'seekforward']);
    act(() => session.act('seekforward'));
    await tasks();
    expect(audio.currentTime).toBe(30);

    view.unmount();
    expect(session.handlers.size).toBe(0);
    // Only the registered ones were cleared.
    const cleared = session.setActionHandler.mock.calls.filter(([, handler]) => handler === null);
    expect(cleared.map(([action]) => action).sort()).toEqual(['nexttrack', 'pause', 'play', 'seekforward']);
  });

  it('a browser without setPositionState, or one that rejects the state, still plays and seeks', async () => {
    const session = new FakeMediaSession();
    session.setPositionState = undefined;
    installSession(session);
    const { audio } = await mountEngine();
    act(() => session.act('seekto', { seekTime: 5 }));
    await tasks();
    expect(audio.currentTime).toBe(5);

    const rejecting = new FakeMediaSession();
    rejecting.setPositionState = vi.fn(() => {
      throw new TypeError('invalid state');
    });
    expect(() => setPositionState(audio, 60)).not.toThrow();
    Object.defineProperty(navigator, 'mediaSession', { configurable: true, value: rejecting });
    expect(() => setPositionState(audio, 60)).not.toThrow();
    expect(rejecting.setPositionState).toHaveBeenCalled();
  });

  it('a browser that throws on metadata keeps the actions', async () => {
    const session = new FakeMediaSession();
    installSession(session, false);
    vi.stubGlobal(
      'MediaMetadata',
      class {
        constructor() {
          throw new TypeError('bad artwork');
        }
      },
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await mountEngine();
    expect(session.metadata).toBeNull();
    expect(warn).toHaveBeenCalled();
    expect(session.handlers.size).toBe(ALL_ACTIONS.length);
  });

  it('without Media Session (or MediaMetadata) the player works as before', async () => {
    installSession(null, false);
    const { audio } = await mountEngine();
    act(() => player().wantPlay());
    await tasks();
    expect(audio.paused).toBe(false);

    const session = new FakeMediaSession();
    installSession(session, false);
    delete (window as unknown as { MediaMetadata?: unknown }).MediaMetadata;
    const again = await mountEngine();
    expect(session.metadata).toBeNull();
    expect(session.handlers.size).toBe(ALL_ACTIONS.length);
    again.view.unmount();
  });
});
