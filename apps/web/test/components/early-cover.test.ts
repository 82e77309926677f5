import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  EARLY_COVER_WAIT_MS,
  earlyCoverSettled,
  paintEarlyCover,
  removeEarlyCover,
} from '../../src/components/work/early-cover';
import { makeWork } from '../works/fixtures';

/**
 * The work page's cover painted by the entry before the app's code runs (issue 14's phone budget): the
 * entry runs the app once it has painted, failed or not come in time, and the page takes it away.
 */

const work = makeWork(123456);
const drawn = () => document.querySelector<HTMLElement>('[data-testid="early-cover"]');
let settledYet = false;
const watch = () => {
  settledYet = false;
  void earlyCoverSettled().then(() => {
    settledYet = true;
  });
};
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  removeEarlyCover();
  vi.useRealTimers();
});

describe('the early cover', () => {
  it('is drawn once the work is known, hidden from assistive technology, and settles once painted', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame'] });
    paintEarlyCover(Promise.resolve(work), 'main');
    watch();
    await flush();
    const image = drawn()?.querySelector('img');
    expect(image?.getAttribute('src')).toBe('/api/cover/123456.jpg?type=main');
    expect(image?.alt).toBe('');
    expect(drawn()?.getAttribute('aria-hidden')).toBe('true');
    // Loaded, but the frame that shows it not painted yet: the app waits.
    image?.dispatchEvent(new Event('load'));
    await flush();
    expect(settledYet).toBe(false);
    vi.advanceTimersToNextFrame();
    await flush();
    expect(settledYet).toBe(true);

    removeEarlyCover();
    expect(drawn()).toBeNull();
  });

  it('settles at once when the work cannot be read, and draws nothing', async () => {
    paintEarlyCover(Promise.reject(new Error('offline')), 'main');
    watch();
    await flush();
    expect(settledYet).toBe(true);
    expect(drawn()).toBeNull();
  });

  it('goes when its picture fails, and the app runs', async () => {
    paintEarlyCover(Promise.resolve(work), 'main');
    watch();
    await flush();
    drawn()?.querySelector('img')?.dispatchEvent(new Event('error'));
    await flush();
    expect(drawn()).toBeNull();
    expect(settledYet).toBe(true);
  });

  it('does not hold the app back longer than its wait when the picture is slow', async () => {
    vi.useFakeTimers();
    paintEarlyCover(Promise.resolve(work), 'main');
    watch();
    await vi.advanceTimersByTimeAsync(EARLY_COVER_WAIT_MS - 1);
    expect(settledYet).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settledYet).toBe(true);
  });

  it('is not drawn when the page has painted its own cover before the work’s answer came', async () => {
    let answer: (value: typeof work) => void = () => undefined;
    paintEarlyCover(
      new Promise((resolve) => {
        answer = resolve;
      }),
      'main',
    );
    removeEarlyCover();
    answer(work);
    await flush();
    expect(drawn()).toBeNull();
  });
});
