import '@mantine/core/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { queryClient } from './app/query-client';
import { fetchSession, SESSION_QUERY_KEY, SESSION_STALE_MS } from './features/auth/session';
import { prefetchWork } from './features/work/api';
import { prefetchWorksList } from './features/works/api';
import { loadDeferredMessages, loadWorkMessages } from './i18n';
import { whenIdle } from './lib/idle';

// Every screen but the login page needs the session. Asked now, it arrives while the router loads the
// screen's chunk, instead of only after it (RequireSession renders once that chunk is in).
const { pathname, search } = window.location;
if (pathname !== '/login') {
  const session = queryClient.prefetchQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: fetchSession,
    staleTime: SESSION_STALE_MS,
  });
  // The works list, the usual first screen: its chunk and its works are asked for beside the session, so
  // the screen renders once, with its works, as soon as all three are in (the router imports the same
  // chunk, so it is fetched once).
  if (pathname === '/works' || pathname === '/') {
    void import('./features/works/WorksPage');
    prefetchWorksList(queryClient, pathname === '/works' ? search : '', session);
  }
  // A work page, the other usual first screen (a shared link): the same for its work and files.
  const workId = /^\/work\/([^/]+)\/?$/.exec(pathname)?.[1];
  if (workId !== undefined) {
    void import('./features/work/WorkPage');
    void loadWorkMessages().catch(() => undefined);
    prefetchWork(queryClient, decodeURIComponent(workId), session);
  }
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// The other screens' messages arrive in idle time, so moving on from the first page does not wait. Not
// fetched (an outage) is no error: the screens that need them ask again when they open (router.tsx).
void whenIdle()
  .then(loadDeferredMessages)
  .catch(() => undefined);
