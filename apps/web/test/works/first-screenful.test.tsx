import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WorksResults } from '../../src/features/works/components/WorksResults';
import { renderWithProviders } from '../render';
import { makeWork } from './fixtures';

/**
 * The works page renders its first screenful before the first paint and the rest after it (issue 14,
 * Lighthouse at the phone size): a phone's single column shows two cards, so two render first and fetch
 * their covers at once; a wide screen, eight. The rest follows once painted, three cards a paint: ten
 * at once were one task of half a second on a phone (render, insertion and layout).
 */

const works = Array.from({ length: 12 }, (_, index) => makeWork(index + 1));

/** A screen `narrow` enough for one column of cards, or not (test/setup.ts answers no to every query). */
function screenIs(narrow: boolean) {
  const original = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    ...original(query),
    matches: narrow && query.includes('max-width: 36em'),
  }));
}

async function renderPage() {
  vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] });
  renderWithProviders(<WorksResults works={works} mode="detail" pageSize={12} />);
  const covers = () => [...document.querySelectorAll<HTMLImageElement>('img[src*="/api/cover/"]')];
  const before = covers();
  const eager = before.filter((image) => image.getAttribute('loading') === 'eager').length;
  // The cards on screen after each paint (a frame, then the timeout after it), until all are there.
  const painted = [before.length];
  while (painted.length < 10 && covers().length < works.length) {
    await act(async () => {
      await vi.advanceTimersToNextTimerAsync();
      await vi.advanceTimersToNextTimerAsync();
    });
    painted.push(covers().length);
  }
  vi.useRealTimers();
  return { before: before.length, eager, painted };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the first screenful of the works page', () => {
  it('is two cards on a phone, their covers eager; the other ten three at a time once painted', async () => {
    screenIs(true);
    expect(await renderPage()).toEqual({ before: 2, eager: 2, painted: [2, 5, 8, 11, 12] });
  });

  it('is eight cards on a wide screen', async () => {
    screenIs(false);
    expect(await renderPage()).toEqual({ before: 8, eager: 8, painted: [8, 11, 12] });
  });
});
