import { act, render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAfterFirstPaint, useRevealedCount } from '../../src/lib/after-paint';

/**
 * What renders after the first paint (issue 14's phone budget: total blocking time) is a transition,
 * and a long list arrives a few items per paint, so no single task renders or commits all of it.
 */

afterEach(() => {
  vi.useRealTimers();
});

/** One paint: the frame's callback, then the timeout after it. */
async function paint() {
  await act(async () => {
    await vi.advanceTimersToNextTimerAsync();
    await vi.advanceTimersToNextTimerAsync();
  });
}

describe('useAfterFirstPaint', () => {
  it('is a transition: a part below that suspends leaves the painted screen in place', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] });
    // A chunk that never arrives during the test.
    const Below = lazy(() => new Promise<{ default: () => null }>(() => undefined));
    function Screen() {
      const painted = useAfterFirstPaint();
      return (
        <>
          <p>first screen</p>
          {painted && <Below />}
        </>
      );
    }
    render(
      <Suspense fallback={<p>fallback</p>}>
        <Screen />
      </Suspense>,
    );
    await paint();
    // An urgent update would have swapped the painted screen for the fallback.
    expect(screen.queryByText('fallback')).toBeNull();
    expect(screen.getByText('first screen')).toBeTruthy();
  });
});

describe('useRevealedCount', () => {
  it('renders the first items, then a few more after each paint, up to the total', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] });
    function List() {
      return <p data-testid="count">{useRevealedCount(10, 2, 3)}</p>;
    }
    render(<List />);
    const counts = [screen.getByTestId('count').textContent];
    for (let step = 0; step < 5; step++) {
      await paint();
      counts.push(screen.getByTestId('count').textContent);
    }
    expect(counts).toEqual(['2', '5', '8', '10', '10', '10']);
  });
});
