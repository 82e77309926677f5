import './app/mantine.css';
import './app/global.css';
import { startUpReads } from './app/start-up-reads';
import { earlyCoverSettled } from './components/work/early-cover';
import { inNewTask } from './lib/new-task';

// The entry is small on purpose: it asks for the first screen's data at once, then loads the app, which
// index.html has been fetching beside it (preload-first-screen-plugin.ts), and hands it those reads. On a
// work page it paints the work's cover first (early-cover.ts): the page's largest paint then waits for
// neither the app's chunk nor its evaluation.
const reads = startUpReads(window.location);
void earlyCoverSettled()
  .then(() => import('./app/start-app'))
  // In a task of its own: run in the task that evaluated the app (a promise's callback), its start (the
  // reads' adoption, the root) made that long task longer, and Lighthouse's blocking time counts each
  // task's time over 50 ms (issue 14's phone budget).
  .then(({ startApp }) => inNewTask(() => startApp(reads)));
