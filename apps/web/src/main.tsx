import './app/mantine.css';
import './app/global.css';
import { startUpReads } from './app/start-up-reads';

// The entry is small on purpose: it asks for the first screen's data at once, then loads the app, which
// index.html has been fetching beside it (preload-first-screen-plugin.ts), and hands it those reads.
const reads = startUpReads(window.location);
void import('./app/start-app').then(({ startApp }) => startApp(reads));
