import { useEffect, useState } from 'react';

/** How long after start the first screen is left alone before code it does not need is fetched. */
export const IDLE_DELAY_MS = 2_000;

/** The performance mark set when idle-time loading starts: the bench counts initial JavaScript up to it. */
export const IDLE_MARK = 'sasayaki:idle-loads';

let idle: Promise<void> | undefined;

/**
 * Resolves once, 2 s after the first call (main.tsx calls it at start): code the first screen does not
 * need (other screens' messages, tooltips) loads then, so the works page's first load carries only what
 * it shows (200 KB budget), and moving on does not wait for it later.
 */
export function whenIdle(): Promise<void> {
  idle ??= new Promise((resolve) => {
    setTimeout(() => {
      performance.mark?.(IDLE_MARK);
      resolve();
    }, IDLE_DELAY_MS);
  });
  return idle;
}

/** False until idle-time loading has begun (`whenIdle`): what a screen shows later waits for it. */
export function useIdleStarted(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let live = true;
    void whenIdle().then(() => live && setIdle(true));
    return () => {
      live = false;
    };
  }, []);
  return idle;
}
