/**
 * Between the network screen (NetworkGate) and code that meets a network failure outside React Query:
 * a screen whose chunk could not be fetched asks for a check and waits until the server answers again,
 * instead of failing for good (the router keeps a failed lazy route failed until the page reloads, and a
 * reload would stop the player).
 */
type Waiter = (wasDown: boolean) => void;

let runCheck: (() => void) | null = null;
let waiters: Waiter[] = [];

/** NetworkGate hands over its check while it is mounted. */
export function connectNetworkGate(check: () => void): () => void {
  runCheck = check;
  return () => {
    if (runCheck === check) runCheck = null;
  };
}

/** NetworkGate found the server answering: wakes those waiting, telling them whether it had been down. */
export function serverAnswered(wasDown: boolean): void {
  const woken = waiters;
  waiters = [];
  for (const wake of woken) wake(wasDown);
}

/** Starts a check and resolves once the server answers, with whether the network screen was up meanwhile. */
export function waitForServer(): Promise<boolean> {
  const answered = new Promise<boolean>((resolve) => waiters.push(resolve));
  runCheck?.();
  if (!runCheck) serverAnswered(false);
  return answered;
}

/** The messages of a chunk (script or its CSS) that could not be fetched, in Chromium, Firefox and Safari. */
const FAILED_CHUNK =
  /dynamically imported module|Unable to preload CSS|Importing a module script failed|error loading dynamically imported module/i;

export function isFailedChunkLoad(error: unknown): boolean {
  return error instanceof Error && FAILED_CHUNK.test(error.message);
}

/**
 * A stylesheet whose fetch failed stays empty, and Vite does not ask for it again: once the server is
 * back, each one is replaced by a fresh copy, which the browser fetches.
 */
function refetchFailedStylesheets(): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
    if (!link.sheet) link.replaceWith(link.cloneNode() as HTMLLinkElement);
  }
}

/**
 * `load()` (a screen's chunk), tried again each time the server is back after a network failure; a failure
 * while the server answers is tried once more, then thrown (a chunk that is not there, after a deploy).
 */
export async function importWhenOnline<T>(load: () => Promise<T>): Promise<T> {
  for (let failuresWhileUp = 0; ; ) {
    try {
      return await load();
    } catch (error) {
      if (!isFailedChunkLoad(error)) throw error;
      const wasDown = await waitForServer();
      if (!wasDown && ++failuresWhileUp > 1) throw error;
      refetchFailedStylesheets();
    }
  }
}
