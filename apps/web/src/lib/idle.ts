import { useEffect, useState } from 'react';

/** How long after its first paint the first screen is left alone before code it does not need is fetched. */
export const IDLE_DELAY_MS = 2_000;

/** The performance mark set when idle-time loading starts: the bench counts initial JavaScript up to it. */
export const IDLE_MARK = 'sasayaki:idle-loads';

let idle: Promise<void> | undefined;

/**
 * Calls `then` once the page has painted its first content, or at once where the browser cannot tell
 * (no paint timing).
 */
function afterFirstContentfulPaint(then: () => void): void {
  const painted = () => performance.getEntriesByName?.('first-contentful-paint').length > 0;
  if (
    typeof PerformanceObserver === 'undefined' ||
    !PerformanceObserver.supportedEntryTypes?.includes('paint')
  ) {
    then();
    return;
  }
  if (painted()) {
    then();
    return;
  }
  const observer = new PerformanceObserver(() => {
    if (!painted()) return;
    observer.disconnect();
    then();
  });
  observer.observe({ type: 'paint', buffered: true });
}

/**
 * Resolves once, 2 s after the first screen's first paint (start-app.tsx calls it at start): code the
 * first screen does not need (other screens' messages, tooltips, the player) loads then, so the works
 * page's first load carries only what it shows (200 KB budget), and moving on does not wait for it later.
 * Counted from the paint, not from start: on a phone (4x slower CPU) the app's evaluation and first
 * render take about as long as the wait, and idle-time code evaluated right after the first paint was a
 * row of long tasks in the first screen's blocking time (issue 14).
 */
export function whenIdle(): Promise<void> {
  idle ??= new Promise((resolve) => {
    afterFirstContentfulPaint(() => {
      setTimeout(() => {
        performance.mark?.(IDLE_MARK);
        resolve();
      }, IDLE_DELAY_MS);
    });
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
