import '@mantine/core/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { queryClient } from './app/query-client';
import { fetchSession, SESSION_QUERY_KEY, SESSION_STALE_MS } from './features/auth/session';
import { loadDeferredMessages } from './i18n';
import { whenIdle } from './lib/idle';

// Every screen but the login page needs the session. Asked now, it arrives while the router loads the
// screen's chunk, instead of only after it (RequireSession renders once that chunk is in).
if (window.location.pathname !== '/login') {
  void queryClient.prefetchQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: fetchSession,
    staleTime: SESSION_STALE_MS,
  });
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// The other screens' messages arrive in idle time, so moving on from the first page does not wait.
void whenIdle().then(loadDeferredMessages);
