import '@mantine/core/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadDeferredMessages } from './i18n';
import { whenIdle } from './lib/idle';

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
