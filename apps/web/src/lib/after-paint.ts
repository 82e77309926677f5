import { useEffect, useState } from 'react';

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
 * for it.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => setPainted(true)), []);
  return painted;
}
