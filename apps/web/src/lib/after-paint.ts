import { startTransition, useEffect, useState } from 'react';

/**
 * Calls `callback` once the browser has painted the frame being prepared; returns a cancel. The
 * frame's callback runs just before the paint, the timeout after it, once the paint is done.
 */
export function afterNextPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * False on a component's first render, true once the browser has painted it: what sits below the
 * first screen can render then, so the first screen's render and its images' load events do not wait
 * for it. The change is a transition: React renders what it reveals in slices of a few milliseconds
 * (an update from a timeout renders in one piece: ten work cards were one task of 0.9 s on a phone,
 * issue 14's total blocking time), and a part that suspends leaves what is painted in place.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => startTransition(() => setPainted(true))), []);
  return painted;
}

/**
 * How many of `total` items to render: `first` before the first paint, then `step` more after each
 * paint (a transition each), so what is below the first screen arrives in small commits. A render is
 * sliced, but its commit is not: inserting ten cards and laying them out was one task of half a second
 * on a phone.
 */
export function useRevealedCount(total: number, first: number, step: number): number {
  const [shown, setShown] = useState(first);
  useEffect(() => {
    if (shown >= total) return;
    return afterNextPaint(() => startTransition(() => setShown(shown + step)));
  }, [shown, total, step]);
  return Math.min(shown, total);
}
