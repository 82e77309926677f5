import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { loadDeferredMessages, loadWorkMessages } from '../i18n';
import { whenIdle } from '../lib/idle';
import { adoptStartUpReads, type StartUpRead } from '../lib/start-up-read';
import { App } from './App';
import { queryClient } from './query-client';

/**
 * The app itself, loaded by the entry (main.tsx) once it has started the first screen's reads: they join
 * the query cache, the first screen's chunk and messages are asked for (index.html's start-up script
 * has already fetched them; the router imports the same chunk, so it is fetched once), and the app renders.
 */
export function startApp(reads: readonly StartUpRead[]): void {
  adoptStartUpReads(queryClient, reads);
  const { pathname } = window.location;
  if (pathname === '/works' || pathname === '/') void import('../features/works/WorksPage');
  if (/^\/work\/[^/]+\/?$/.test(pathname)) {
    void import('../features/work/WorkPage');
    void loadWorkMessages().catch(() => undefined);
  }

  const root = document.getElementById('root');
  if (root) {
    // A transition, so React renders the first screen in slices of a few milliseconds and lets the
    // browser in between (a default update renders in one piece: on a phone that was one task of half a
    // second, issue 14's phone budget: Lighthouse's total blocking time).
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
  }

  // The other screens' messages arrive in idle time, so moving on from the first page does not wait. Not
  // fetched (an outage) is no error: the screens that need them ask again when they open (router.tsx).
  void whenIdle()
    .then(loadDeferredMessages)
    .catch(() => undefined);
}
