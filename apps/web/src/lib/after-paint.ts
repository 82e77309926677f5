import { useEffect, useState } from 'react';

/**
 * False on a component's first render, true once the browser has painted it: what sits below the
 * first screen can render then, so the first screen's render and its images' load events do not wait
 * for it.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame's callback runs just before the paint; the timeout after it, once the paint is done.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
