import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isTypingTarget, PLAYER_CONTROLS_ATTRIBUTE, shortcutFor } from '../../src/player/keyboard';
import {
  clockDeadline,
  fadeFactor,
  readSleepTimer,
  remainingSeconds,
  useSleepStore,
} from '../../src/player/sleep/sleep-timer';
import { handleSleepAtTrackEnd, tickSleepTimer } from '../../src/player/sleep/use-sleep-timer';
import { usePlayerStore } from '../../src/player/store';
import type { QueueItem } from '../../src/player/types';
import { queueItem } from './queue-item';

const item = (n: number): QueueItem => queueItem(n, { title: `T${n}`, duration: 600 });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(null, { status: 204 })),
  );
  sessionStorage.clear();
  useSleepStore.getState().set(null);
  useSleepStore.setState({ fired: null });
  usePlayerStore.getState().setQueue([item(1), item(2)], 0);
  usePlayerStore.setState({
    playing: true,
    intent: 'nothing',
    currentTime: 300,
    duration: 600,
    rate: 1,
    playMode: 'order',
  });
});
afterEach(() => vi.useRealTimers());

describe('sleep timer', () => {
  it('computes the next HH:MM today or tomorrow', () => {
    const now = new Date(2026, 0, 1, 22, 30).getTime();
    expect(new Date(clockDeadline('23:15', now) as number).getDate()).toBe(1);
    expect(new Date(clockDeadline('07:00', now) as number).getDate()).toBe(2);
    expect(clockDeadline('25:00', now)).toBeNull();
    expect(clockDeadline('soon', now)).toBeNull();
  });

  it('keeps sleepTime (HH:MM) and sleepMode in session storage', () => {
    const deadline = new Date(2030, 0, 1, 23, 5).getTime();
    useSleepStore.getState().set({ kind: 'clock', deadline });
    expect(JSON.parse(sessionStorage.getItem('sleepTime') as string)).toBe('23:05');
    expect(JSON.parse(sessionStorage.getItem('sleepMode') as string)).toBe(true);
    expect(readSleepTimer(new Date(2030, 0, 1, 22, 0).getTime())?.deadline).toBe(deadline);
    useSleepStore.getState().set(null);
    expect(sessionStorage.getItem('sleepMode')).toBe('false');
    expect(readSleepTimer()).toBeNull();
  });

  it('counts down to the end of the track or the queue, at the playback speed', () => {
    const player = usePlayerStore.getState();
    expect(remainingSeconds({ kind: 'endOfTrack', deadline: null }, 0, player)).toBe(300);
    expect(remainingSeconds({ kind: 'endOfQueue', deadline: null }, 0, player)).toBe(900);
    expect(remainingSeconds({ kind: 'endOfTrack', deadline: null }, 0, { ...player, rate: 2 })).toBe(150);
    expect(remainingSeconds({ kind: 'minutes', deadline: 90_000 }, 30_000, player)).toBe(60);
  });

  it('fades out over the last 30 seconds', () => {
    expect(fadeFactor(null)).toBe(1);
    expect(fadeFactor(45)).toBe(1);
    expect(fadeFactor(15)).toBe(0.5);
    expect(fadeFactor(0)).toBe(0);
  });

  it('knows a timed countdown as soon as it is set (no "after the queue" before the first tick)', () => {
    useSleepStore.getState().set({ kind: 'minutes', deadline: Date.now() + 10 * 60_000 });
    expect(useSleepStore.getState().remaining).toBeCloseTo(600, 0);
    useSleepStore.getState().set({ kind: 'endOfQueue', deadline: null });
    expect(useSleepStore.getState().remaining).toBeNull();
  });

  it('in N minutes: fades, then pauses, remembers a minute earlier, and clears itself', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2030, 0, 1, 23, 0, 0));
    useSleepStore.getState().set({ kind: 'minutes', deadline: Date.now() + 60_000 });
    vi.advanceTimersByTime(45_000);
    tickSleepTimer();
    expect(useSleepStore.getState().fade).toBeCloseTo(0.5);
    expect(useSleepStore.getState().remaining).toBeCloseTo(15);
    vi.advanceTimersByTime(15_000);
    tickSleepTimer();
    expect(usePlayerStore.getState().intent).toBe('wantPause');
    expect(usePlayerStore.getState().seek?.time).toBe(240);
    expect(useSleepStore.getState().fired).toMatchObject({ hash: '7/1', stoppedAt: 300, resumeAt: 240 });
    expect(useSleepStore.getState().timer).toBeNull();
    expect(useSleepStore.getState().fade).toBe(1);
    expect(sessionStorage.getItem('sleepMode')).toBe('false');
  });

  it('at the end of this track: fires instead of moving on', () => {
    useSleepStore.getState().set({ kind: 'endOfTrack', deadline: null });
    expect(handleSleepAtTrackEnd()).toBe(true);
    expect(usePlayerStore.getState().intent).toBe('wantPause');
    expect(usePlayerStore.getState().queueIndex).toBe(0);
  });

  it('at the end of the queue: lets earlier tracks move on, fires after the last', () => {
    useSleepStore.getState().set({ kind: 'endOfQueue', deadline: null });
    expect(handleSleepAtTrackEnd()).toBe(false);
    usePlayerStore.setState({ queueIndex: 1 });
    expect(handleSleepAtTrackEnd()).toBe(true);
    expect(useSleepStore.getState().timer).toBeNull();
  });
});

describe('keyboard shortcuts', () => {
  const press = (key: string, target: EventTarget = document.body, extra: Partial<KeyboardEvent> = {}) =>
    shortcutFor({ key, target, ctrlKey: false, metaKey: false, altKey: false, ...extra });

  it('are ignored while typing in inputs, textareas, selects and contenteditable', () => {
    const input = document.createElement('input');
    const textarea = document.createElement('textarea');
    const editable = document.createElement('div');
    editable.setAttribute('contenteditable', '');
    document.body.append(input, textarea, editable);
    for (const target of [input, textarea, editable]) {
      expect(isTypingTarget(target)).toBe(true);
      expect(press(' ', target)).toBeNull();
      expect(press('n', target)).toBeNull();
    }
    const checkbox = document.createElement('input');
    checkbox.type = 'checkbox';
    expect(isTypingTarget(checkbox)).toBe(false);
  });

  it('leave space to a focused button and ignore modifier combinations', () => {
    const button = document.createElement('button');
    document.body.append(button);
    expect(press(' ', button)).toBeNull();
    expect(press('ArrowRight', button)).not.toBeNull();
    expect(press('n', document.body, { ctrlKey: true })).toBeNull();
  });

  it('take space from the player’s own buttons: after a click on one, space plays or pauses', () => {
    const controls = document.createElement('section');
    controls.setAttribute(PLAYER_CONTROLS_ATTRIBUTE, '');
    const next = document.createElement('button');
    controls.append(next);
    document.body.append(controls);
    usePlayerStore.setState({ playing: true, intent: 'nothing' });
    press(' ', next)?.();
    expect(usePlayerStore.getState().intent).toBe('wantPause');
  });

  it('map space, arrows, N, P and L to the player', () => {
    usePlayerStore.setState({
      playing: true,
      intent: 'nothing',
      volume: 0.5,
      currentTime: 100,
      duration: 600,
    });
    press(' ')?.();
    expect(usePlayerStore.getState().intent).toBe('wantPause');
    press('ArrowLeft')?.();
    expect(usePlayerStore.getState().seek?.time).toBe(95);
    press('ArrowRight')?.();
    expect(usePlayerStore.getState().seek?.time).toBe(125);
    press('ArrowUp')?.();
    expect(usePlayerStore.getState().volume).toBeCloseTo(0.55);
    press('ArrowDown')?.();
    press('ArrowDown')?.();
    expect(usePlayerStore.getState().volume).toBeCloseTo(0.45);
    press('N')?.();
    expect(usePlayerStore.getState().queueIndex).toBe(1);
    press('p')?.();
    expect(usePlayerStore.getState().queueIndex).toBe(0);
    expect(press('l')).not.toBeNull();
    expect(press('x')).toBeNull();
  });
});
