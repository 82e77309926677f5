import { act, fireEvent, render, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readSharedConfig, writeSharedConfig } from '../../src/lib/shared-config';
import { useLyricsStore } from '../../src/player/lyrics/lyrics-store';
import { drawSubtitle, wrapText } from '../../src/player/pip/draw';
import { PipView } from '../../src/player/pip/PipView';
import { usePipStore } from '../../src/player/pip/pip-store';
import { usePlayerStore } from '../../src/player/store';
import type { QueueItem } from '../../src/player/types';
import { queueItem } from './queue-item';

/**
 * Picture-in-picture subtitles (issue 5): the Document Picture-in-Picture API where the browser has it,
 * else a canvas stream in a video element's picture-in-picture; the play state follows both ways; long
 * lines wrap. jsdom has neither API, no canvas and no media playback, so each is faked here the way
 * Chromium behaves: events are queued as tasks, `requestPictureInPicture` needs a source.
 */

const notify = vi.hoisted(() => ({ warning: vi.fn() }));
vi.mock('../../src/lib/notify', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/notify')>()),
  notifyWarning: notify.warning,
}));

const item = (n: number): QueueItem => queueItem(n, { title: `T${n}` });

const LONG_JA =
  '今日はどんな一日でしたか？ゆっくり休んでくださいね。耳かきをしながら、雪の音を一緒に聞きましょう。おやすみなさい、また明日。';
const LONG_EN =
  'Shall we listen to the snow falling outside together while the kotatsu keeps us warm and the night goes on';

const LINES = [
  { time: 1, text: '一行目' },
  { time: 5, text: LONG_JA },
  { time: 9, text: LONG_EN },
];

// ---------------------------------------------------------------------------------------------------
// A 2D context that records what is drawn; a glyph is 1 em wide for CJK, 0.55 em otherwise.

interface Drawn {
  text: string;
  x: number;
  y: number;
  width: number;
  font: string;
}

class FakeContext2D {
  font = '10px sans-serif';
  fillStyle = '';
  textAlign = '';
  textBaseline = '';
  /** The text of the last frame (a full-canvas fillRect starts one). */
  frame: Drawn[] = [];
  constructor(readonly canvas: HTMLCanvasElement) {}
  fillRect(x: number, y: number, w: number, h: number) {
    if (x === 0 && y === 0 && w === this.canvas.width && h === this.canvas.height) this.frame = [];
  }
  measureText(text: string) {
    const size = Number(/(\d+)px/.exec(this.font)?.[1] ?? 10);
    let width = 0;
    for (const char of Array.from(text)) width += (char.codePointAt(0) ?? 0) >= 0x2e80 ? size : size * 0.55;
    return { width } as TextMetrics;
  }
  fillText(text: string, x: number, y: number) {
    this.frame.push({ text, x, y, width: this.measureText(text).width, font: this.font });
  }
}

const contexts = new WeakMap<HTMLCanvasElement, FakeContext2D>();
function contextOf(canvas: HTMLCanvasElement): FakeContext2D {
  let context = contexts.get(canvas);
  if (!context) {
    context = new FakeContext2D(canvas);
    contexts.set(canvas, context);
  }
  return context;
}

// ---------------------------------------------------------------------------------------------------
// Media elements: play()/pause() change `paused` and queue their events as tasks, like a browser.

const paused = new WeakMap<HTMLMediaElement, boolean>();
let pipElement: Element | null = null;
const stream = { id: 'canvas-stream', getTracks: () => [] } as unknown as MediaStream;

function fakeMedia() {
  vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return paused.get(this) ?? true;
  });
  // The promise settles after the `play` event, as in Chromium (its "notify about playing" task).
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    if (paused.get(this) === false) return Promise.resolve();
    paused.set(this, false);
    return new Promise<void>((resolve) =>
      setTimeout(() => {
        this.dispatchEvent(new Event('play'));
        resolve();
      }, 0),
    );
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    if (paused.get(this) === false) {
      paused.set(this, true);
      setTimeout(() => this.dispatchEvent(new Event('pause')), 0);
    }
  });
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
}

/** Chromium's video picture-in-picture on a canvas stream (rejects a video without a source). */
function fakeVideoPip() {
  Object.defineProperty(document, 'pictureInPictureEnabled', { configurable: true, value: true });
  Object.defineProperty(document, 'pictureInPictureElement', { configurable: true, get: () => pipElement });
  const exit = vi.fn(async () => {
    const element = pipElement;
    pipElement = null;
    element?.dispatchEvent(new Event('leavepictureinpicture'));
  });
  Object.defineProperty(document, 'exitPictureInPicture', { configurable: true, value: exit });
  const request = vi.fn(async function (this: HTMLVideoElement) {
    if (!this.srcObject)
      throw new DOMException('Metadata for the video element are not loaded yet', 'InvalidStateError');
    pipElement = this;
    this.dispatchEvent(new Event('enterpictureinpicture'));
    return {} as PictureInPictureWindow;
  });
  Object.defineProperty(HTMLVideoElement.prototype, 'requestPictureInPicture', {
    configurable: true,
    value: request,
  });
  const capture = vi.fn(() => stream);
  Object.defineProperty(HTMLCanvasElement.prototype, 'captureStream', { configurable: true, value: capture });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    return contextOf(this) as unknown as CanvasRenderingContext2D;
  } as unknown as HTMLCanvasElement['getContext']);
  return { request, capture, exit };
}

// ---------------------------------------------------------------------------------------------------
// Document Picture-in-Picture: the window is a real second document (an iframe's), as React portals
// into a separate window in Chromium; closing it fires `pagehide` there.

function fakeDocumentPip() {
  const frames: HTMLIFrameElement[] = [];
  const api = {
    window: null as Window | null,
    requestWindow: vi.fn(async (_options: { width: number; height: number }) => {
      const frame = document.createElement('iframe');
      document.body.append(frame);
      frames.push(frame);
      const pipWindow = frame.contentWindow as Window;
      Object.defineProperty(pipWindow, 'close', {
        configurable: true,
        value: vi.fn(() => {
          pipWindow.dispatchEvent(new Event('pagehide'));
          api.window = null;
        }),
      });
      api.window = pipWindow;
      return pipWindow;
    }),
  };
  (window as unknown as { documentPictureInPicture?: unknown }).documentPictureInPicture = api;
  return { api, frames };
}

function resetApis() {
  delete (window as unknown as { documentPictureInPicture?: unknown }).documentPictureInPicture;
  for (const key of ['pictureInPictureEnabled', 'pictureInPictureElement', 'exitPictureInPicture'])
    delete (document as unknown as Record<string, unknown>)[key];
  delete (HTMLVideoElement.prototype as unknown as Record<string, unknown>).requestPictureInPicture;
  delete (HTMLCanvasElement.prototype as unknown as Record<string, unknown>).captureStream;
  pipElement = null;
}

const player = () => usePlayerStore.getState();
const pip = () => usePipStore.getState();

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(null, { status: 204 })),
  );
  localStorage.clear();
  resetApis();
  fakeMedia();
  notify.warning.mockClear();
  usePipStore.setState({ open: false, kind: null, pipWindow: null, video: null });
  player().setQueue([item(1), item(2)], 0);
  usePlayerStore.setState({ playing: false, intent: 'nothing', currentTime: 2, duration: 60 });
  useLyricsStore.setState({ hash: '7/1', lines: LINES, offset: 0 });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  resetApis();
  for (const frame of document.querySelectorAll('iframe')) frame.remove();
});

describe('Document Picture-in-Picture', () => {
  it('opens a window with the current line, follows the track and closes with the window', async () => {
    const { api } = fakeDocumentPip();
    render(<PipView />);
    // No fallback video while the Document API is there.
    expect(document.querySelector('video')).toBeNull();

    await act(() => pip().toggle());
    expect(api.requestWindow).toHaveBeenCalledWith({ width: 520, height: 180 });
    expect(pip()).toMatchObject({ open: true, kind: 'document' });
    expect(readSharedConfig().subtitleDisplayMode).toBe('pip');

    const pipWindow = api.window as Window;
    const body = within(pipWindow.document.body);
    expect(pipWindow.document.title).toBe('Subtitles');
    expect(body.getByText('一行目')).toBeTruthy();
    act(() => player().reportTime(6));
    const line = body.getByText(LONG_JA);
    // Long lines wrap (CJK has no spaces: break anywhere), never scroll sideways.
    expect(line.style.whiteSpace).toBe('pre-wrap');
    expect(line.style.overflowWrap).toBe('anywhere');
    act(() => player().reportTime(0.5));
    expect(body.getByText('♪')).toBeTruthy();

    // The window's own close (the user's ×) ends picture-in-picture and the mode.
    act(() => {
      pipWindow.close();
    });
    expect(pip()).toMatchObject({ open: false, kind: null, pipWindow: null });
    expect(readSharedConfig().subtitleDisplayMode).toBe('in-app');
  });

  it("the window's button drives the player and shows its state", async () => {
    const { api } = fakeDocumentPip();
    render(<PipView />);
    await act(() => pip().toggle());
    const body = within((api.window as Window).document.body);

    fireEvent.click(body.getByRole('button', { name: 'Play' }));
    expect(player().intent).toBe('wantPlay');
    // The element reports playing: the button turns into Pause.
    act(() => usePlayerStore.setState({ playing: true, intent: 'nothing' }));
    fireEvent.click(body.getByRole('button', { name: 'Pause' }));
    expect(player().intent).toBe('wantPause');
    act(() => usePlayerStore.setState({ playing: false, intent: 'nothing' }));
    expect(body.getByRole('button', { name: 'Play' })).toBeTruthy();
  });

  it('toggling again closes the window', async () => {
    const { api } = fakeDocumentPip();
    render(<PipView />);
    await act(() => pip().toggle());
    const pipWindow = api.window as Window;
    await act(() => pip().toggle());
    expect(pipWindow.close).toHaveBeenCalled();
    expect(pip().open).toBe(false);
    expect(readSharedConfig().subtitleDisplayMode).toBe('in-app');
  });

  it('a refused window (no user gesture) is a warning and leaves the mode in-app', async () => {
    const { api } = fakeDocumentPip();
    api.requestWindow.mockRejectedValueOnce(
      new DOMException('Document PiP requires user activation', 'NotAllowedError'),
    );
    writeSharedConfig({ subtitleDisplayMode: 'pip' });
    render(<PipView />);
    await act(() => pip().toggle());
    expect(pip().open).toBe(false);
    expect(notify.warning).toHaveBeenCalledWith(
      'Picture-in-picture could not start: Document PiP requires user activation',
    );
    expect(readSharedConfig().subtitleDisplayMode).toBe('in-app');
  });
});

describe('video picture-in-picture (fallback)', () => {
  function mount() {
    const apis = fakeVideoPip();
    const view = render(<PipView />);
    const video = view.container.querySelector('video') as HTMLVideoElement;
    const canvas = view.container.querySelector('canvas') as HTMLCanvasElement;
    return { ...apis, video, canvas };
  }
  /** toggle() under fake timers: its play() settles in a task. */
  async function openWithFakeTimers() {
    const opening = pip().toggle();
    await act(() => vi.advanceTimersByTimeAsync(1));
    await act(() => opening);
  }
  const frameText = (canvas: HTMLCanvasElement) =>
    contextOf(canvas)
      .frame.map((d) => d.text)
      .join('');

  it('feeds a canvas stream to a muted video and opens its picture-in-picture', async () => {
    const { video, canvas, capture, request } = mount();
    expect(capture).toHaveBeenCalledTimes(1);
    expect(video.srcObject).toBe(stream);
    expect(video.muted).toBe(true);
    expect(pip().video).toBe(video);
    expect(frameText(canvas)).toBe('一行目');
    // Before the first line: the placeholder.
    act(() => player().reportTime(0.2));
    expect(frameText(canvas)).toBe('♪');

    await act(() => pip().toggle());
    expect(request).toHaveBeenCalledTimes(1);
    expect(request.mock.contexts[0]).toBe(video);
    expect(pip()).toMatchObject({ open: true, kind: 'video' });
    expect(readSharedConfig().subtitleDisplayMode).toBe('pip');
  });

  it('draws the current line, wrapped to the canvas, the font never below 10 px', () => {
    const { canvas } = mount();
    act(() => player().reportTime(1.2));
    expect(frameText(canvas)).toBe('一行目');

    act(() => player().reportTime(6));
    const ja = contextOf(canvas).frame;
    const room = canvas.width - canvas.width * 0.04 * 2;
    expect(ja.length).toBeGreaterThan(1);
    expect(ja.map((d) => d.text).join('')).toBe(LONG_JA);
    for (const drawn of ja) {
      expect(drawn.width).toBeLessThanOrEqual(room);
      expect(drawn.x).toBe(canvas.width / 2);
    }
    // Lines stack downwards and stay inside the canvas.
    const ys = ja.map((d) => d.y);
    expect([...ys].sort((a, b) => a - b)).toEqual(ys);
    expect(Math.min(...ys)).toBeGreaterThan(0);
    expect(Math.max(...ys)).toBeLessThan(canvas.height);

    act(() => player().reportTime(9.5));
    const en = contextOf(canvas).frame;
    expect(en.length).toBeGreaterThan(1);
    // Latin text breaks at spaces.
    expect(en.map((d) => d.text).join(' ')).toBe(LONG_EN);
    for (const drawn of en) expect(drawn.width).toBeLessThanOrEqual(room);
  });

  it('shrinks the font until a very long line fits the height', () => {
    const canvas = document.createElement('canvas');
    canvas.width = 960;
    canvas.height = 270;
    fakeVideoPip();
    drawSubtitle(canvas, LONG_JA.repeat(3));
    const { frame } = contextOf(canvas);
    const size = Number(/(\d+)px/.exec(frame[0]?.font ?? '')?.[1]);
    expect(size).toBeLessThan(Math.round(270 / 4));
    expect(size).toBeGreaterThanOrEqual(10);
    expect(frame.length * size * 1.3).toBeLessThanOrEqual(270 - 960 * 0.04 * 2);
    expect(frame.map((d) => d.text).join('')).toBe(LONG_JA.repeat(3));
  });

  it('wrapText keeps explicit line breaks and breaks long words by character', () => {
    const context = new FakeContext2D(document.createElement('canvas'));
    context.font = '10px x';
    expect(wrapText(context as unknown as CanvasRenderingContext2D, 'ab\ncd', 100)).toEqual(['ab', 'cd']);
    // 5.5 px a glyph, 20 px of room: three glyphs a line.
    expect(wrapText(context as unknown as CanvasRenderingContext2D, 'abcdefgh', 20)).toEqual([
      'abc',
      'def',
      'gh',
    ]);
  });

  it("the video follows the player's play state, without echoing it back", async () => {
    vi.useFakeTimers();
    const { video } = mount();
    await openWithFakeTimers();
    // toggle() started the video so Chromium has frames; the paused player pauses it again.
    await act(() => vi.advanceTimersByTimeAsync(60));
    expect(video.paused).toBe(true);
    expect(player().intent).toBe('nothing');

    act(() => player().reportPlaying(true));
    await act(() => vi.advanceTimersByTimeAsync(60));
    expect(video.paused).toBe(false);
    expect(player().intent).toBe('nothing');

    act(() => player().reportPlaying(false));
    await act(() => vi.advanceTimersByTimeAsync(60));
    expect(video.paused).toBe(true);
    // Our own pause is not taken for the listener's.
    expect(player().intent).toBe('nothing');
  });

  it("the picture-in-picture window's play and pause drive the player", async () => {
    vi.useFakeTimers();
    const { video } = mount();
    await openWithFakeTimers();
    act(() => player().reportPlaying(true));
    await act(() => vi.advanceTimersByTimeAsync(60));
    expect(video.paused).toBe(false);

    // The listener presses pause in the window (the browser pauses the video itself).
    act(() => video.pause());
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(player().intent).toBe('wantPause');
    act(() => usePlayerStore.setState({ playing: false, intent: 'nothing' }));
    await act(() => vi.advanceTimersByTimeAsync(60));

    // ...and play.
    act(() => void video.play());
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(player().intent).toBe('wantPlay');
  });

  it('the pause between two tracks does not stop the next one', async () => {
    vi.useFakeTimers();
    const { video } = mount();
    await openWithFakeTimers();
    act(() => player().reportPlaying(true));
    await act(() => vi.advanceTimersByTimeAsync(60));
    expect(video.paused).toBe(false);

    // The track ends: the element reports its pause, the queue moves on and wants to play.
    act(() => {
      player().reportPlaying(false);
      player().ended();
    });
    expect(player().queueIndex).toBe(1);
    expect(player().intent).toBe('wantPlay');
    // The next track takes a while to load: the video pauses meanwhile...
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(video.paused).toBe(true);
    // ...and that is not the listener's pause.
    expect(player().intent).toBe('wantPlay');
    act(() => {
      player().consumeIntent();
      player().reportPlaying(true);
    });
    await act(() => vi.advanceTimersByTimeAsync(60));
    expect(video.paused).toBe(false);
    expect(player().intent).toBe('nothing');
  });

  it("before it opens, the video's events leave the player alone", async () => {
    vi.useFakeTimers();
    const { video } = mount();
    act(() => void video.play());
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(player().intent).toBe('nothing');
  });

  it("leaving picture-in-picture (the window's ×) or toggling closes it and the mode", async () => {
    const { video, exit } = mount();
    await act(() => pip().toggle());
    act(() => {
      video.dispatchEvent(new Event('leavepictureinpicture'));
    });
    expect(pip()).toMatchObject({ open: false, kind: null });
    expect(readSharedConfig().subtitleDisplayMode).toBe('in-app');

    await act(() => pip().toggle());
    expect(pip().open).toBe(true);
    await act(() => pip().toggle());
    expect(exit).toHaveBeenCalledTimes(1);
    expect(pip().open).toBe(false);
    expect(readSharedConfig().subtitleDisplayMode).toBe('in-app');
  });
});

describe('neither API', () => {
  it('says so, keeps the mode in-app and renders nothing', async () => {
    Object.defineProperty(document, 'pictureInPictureEnabled', { configurable: true, value: false });
    writeSharedConfig({ subtitleDisplayMode: 'pip' });
    const view = render(<PipView />);
    expect(view.container.innerHTML).toBe('');
    await act(() => pip().toggle());
    expect(pip().open).toBe(false);
    expect(notify.warning).toHaveBeenCalledWith('This browser cannot show picture-in-picture subtitles');
    expect(readSharedConfig().subtitleDisplayMode).toBe('in-app');
  });
});
