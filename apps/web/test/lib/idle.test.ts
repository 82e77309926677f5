import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Start-up's idle time begins 2 s after the first screen's first paint, not 2 s after start: on a phone
 * the app's evaluation and first render take about as long, and idle-time code then ran right after the
 * first paint, inside Lighthouse's blocking time (issue 14).
 */

let paintObserver: (() => void) | undefined;
let paints: { name: string }[] = [];

class FakePerformanceObserver {
  static supportedEntryTypes = ['paint'];
  constructor(private readonly callback: () => void) {}
  observe() {
    paintObserver = this.callback;
  }
  disconnect() {
    paintObserver = undefined;
  }
}

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers({ toFake: ['setTimeout'] });
  paints = [];
  paintObserver = undefined;
  vi.stubGlobal('PerformanceObserver', FakePerformanceObserver);
  vi.spyOn(performance, 'getEntriesByName').mockImplementation(
    (name: string) => paints.filter((entry) => entry.name === name) as unknown as PerformanceEntryList,
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function idleState() {
  const { whenIdle, IDLE_DELAY_MS } = await import('../../src/lib/idle');
  let started = false;
  void whenIdle().then(() => {
    started = true;
  });
  return { started: () => started, delay: IDLE_DELAY_MS };
}

describe('whenIdle', () => {
  it('waits for the first contentful paint, then its delay', async () => {
    const idle = await idleState();
    await vi.advanceTimersByTimeAsync(idle.delay * 3);
    expect(idle.started()).toBe(false);
    paints.push({ name: 'first-contentful-paint' });
    paintObserver?.();
    await vi.advanceTimersByTimeAsync(idle.delay - 1);
    expect(idle.started()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(idle.started()).toBe(true);
  });

  it('counts from start when the page has painted already', async () => {
    paints.push({ name: 'first-contentful-paint' });
    const idle = await idleState();
    await vi.advanceTimersByTimeAsync(idle.delay);
    expect(idle.started()).toBe(true);
  });
});
