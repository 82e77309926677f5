import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LazyTooltip, loadTooltip } from '../../src/components/lazy-tooltip/LazyTooltip';

/**
 * Once the tooltip code has loaded in idle time, the tooltips on screen take Mantine's Tooltip one per
 * frame (issue 14's phone budget): all at once was one long commit. (Taking it only on hover remounted
 * the hovered button under the pointer, and a click could be lost.)
 */

const mounts = vi.hoisted(() => ({ count: 0 }));
// A stand-in for Mantine's Tooltip that counts its instances and shows its label when opened.
vi.mock('../../src/components/lazy-tooltip/tooltip-chunk', async () => {
  const { useEffect } = await import('react');
  return {
    Tooltip: ({
      label,
      defaultOpened,
      children,
    }: {
      label: ReactNode;
      defaultOpened?: boolean;
      children: ReactNode;
    }) => {
      useEffect(() => {
        mounts.count += 1;
      }, []);
      return (
        <>
          {children}
          {defaultOpened && <span role="tooltip">{label}</span>}
        </>
      );
    },
  };
});
vi.mock('../../src/lib/idle', () => ({ whenIdle: () => Promise.resolve() }));

describe('LazyTooltip', () => {
  it('takes the tooltip one per frame once its code has arrived', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] });
    render(
      <div>
        {['one', 'two', 'three'].map((name) => (
          <LazyTooltip key={name} label={`tip ${name}`}>
            <button type="button">{name}</button>
          </LazyTooltip>
        ))}
      </div>,
    );
    await act(async () => {
      await loadTooltip();
    });
    const counts = [mounts.count];
    for (let frame = 0; frame < 3; frame++) {
      await act(async () => {
        await vi.advanceTimersToNextTimerAsync();
        await vi.advanceTimersToNextTimerAsync();
      });
      counts.push(mounts.count);
    }
    vi.useRealTimers();
    expect(counts).toEqual([1, 2, 3, 3]);
  });

  it("a 'first-use' tooltip takes over only when hovered, not once the code has arrived", async () => {
    mounts.count = 0;
    render(
      <div>
        {['four', 'five'].map((name) => (
          <LazyTooltip key={name} label={`tip ${name}`} takeOver="first-use">
            <span>{name}</span>
          </LazyTooltip>
        ))}
      </div>,
    );
    await act(async () => {
      await loadTooltip();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(mounts.count).toBe(0);
    await act(async () => {
      fireEvent.mouseEnter(screen.getByText('five'));
      await loadTooltip();
    });
    expect(mounts.count).toBe(1);
    expect(screen.getByRole('tooltip').textContent).toBe('tip five');
  });

  it("a 'first-use' tooltip's code still loads in idle time, so its first hover does not wait for it", async () => {
    // A fresh module registry: the tooltip code is loaded once per registry, and above it was.
    vi.resetModules();
    const fresh = await import('@testing-library/react');
    const { LazyTooltip: FreshTooltip } = await import('../../src/components/lazy-tooltip/LazyTooltip');
    mounts.count = 0;
    fresh.render(
      <FreshTooltip label="tip six" takeOver="first-use">
        <span>six</span>
      </FreshTooltip>,
    );
    await fresh.act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(mounts.count).toBe(0);
    // The code is there: a tooltip rendered now takes it in its first render, without waiting for a load.
    fresh.act(() => {
      fresh.render(
        <FreshTooltip label="tip seven">
          <button type="button">seven</button>
        </FreshTooltip>,
      );
    });
    expect(mounts.count).toBe(1);
  });
});
