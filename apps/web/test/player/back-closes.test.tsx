import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { afterOverlayBack, useBackCloses } from '../../src/lib/use-back-closes';

const back = () => window.dispatchEvent(new PopStateEvent('popstate'));

describe('useBackCloses', () => {
  it('Back closes the newest open overlay only, then the one under it', () => {
    const closeFull = vi.fn();
    const closeQueue = vi.fn();
    const before = window.history.length;
    const full = renderHook(({ open }) => useBackCloses(open, closeFull, 'full'), {
      initialProps: { open: true },
    });
    const queue = renderHook(({ open }) => useBackCloses(open, closeQueue, 'queue'), {
      initialProps: { open: true },
    });
    // One history entry per open overlay, at the same address.
    expect(window.history.length).toBe(before + 2);
    back();
    expect(closeQueue).toHaveBeenCalledTimes(1);
    expect(closeFull).not.toHaveBeenCalled();
    queue.rerender({ open: false });
    back();
    expect(closeFull).toHaveBeenCalledTimes(1);
    full.rerender({ open: false });
  });

  it('an overlay closed by its own button takes its history entry back', () => {
    const backSpy = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    const overlay = renderHook(({ open }) => useBackCloses(open, () => {}, 'drawer'), {
      initialProps: { open: true },
    });
    overlay.rerender({ open: false });
    expect(backSpy).toHaveBeenCalledTimes(1);
    backSpy.mockRestore();
  });

  it("a link in an overlay navigates after the overlay's Back, not before (it would be cancelled)", () => {
    vi.useFakeTimers();
    const backSpy = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    const overlay = renderHook(({ open }) => useBackCloses(open, () => {}, 'sidebar'), {
      initialProps: { open: true },
    });
    const navigate = vi.fn();
    afterOverlayBack(navigate);
    overlay.rerender({ open: false });
    expect(navigate).not.toHaveBeenCalled();
    back();
    expect(navigate).toHaveBeenCalledTimes(1);
    // Its entry gone, the next one navigates at once; one that never sees a Back goes after a while.
    window.history.replaceState({}, '');
    afterOverlayBack(navigate);
    expect(navigate).toHaveBeenCalledTimes(2);
    window.history.replaceState({ sasayakiOverlay: 'sidebar' }, '');
    afterOverlayBack(navigate);
    vi.advanceTimersByTime(500);
    expect(navigate).toHaveBeenCalledTimes(3);
    backSpy.mockRestore();
    vi.useRealTimers();
  });
});
