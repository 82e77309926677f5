import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LazyTooltip, loadTooltip } from '../../src/components/lazy-tooltip/LazyTooltip';

/**
 * The tooltip code loads in idle time, but a child takes Mantine's Tooltip only when first hovered or
 * focused (issue 14's phone budget): swapping every tooltip on the page in at once was one long commit.
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
  it('mounts no tooltip when its code arrives, and one on the first hover, opened', async () => {
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
    expect(mounts.count).toBe(0);

    await act(async () => fireEvent.mouseEnter(screen.getByRole('button', { name: 'two' })));
    expect(mounts.count).toBe(1);
    expect(screen.getByRole('tooltip').textContent).toBe('tip two');
  });
});
