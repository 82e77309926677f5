import { fetchSession, SESSION_QUERY_KEY, SESSION_STALE_MS } from '../features/auth/session-requests';
import { startWorkReads } from '../features/work/work-request';
import { startWorksListRead } from '../features/works/list-request';
import { type StartUpRead, startUpRead } from '../lib/start-up-read';

/**
 * The reads of the first screen, started by the app's entry (main.tsx) as soon as it runs: the session
 * (every screen but the login page needs it) and, on the works list or a work page, the screen's data,
 * whose answer also starts the first cover, the page's largest paint. The entry is a few KB, so these go
 * out while the app's code (170 KB gzipped) is still arriving, not after it has arrived and run: on a
 * phone's network that was two or three round trips more before the first paint and its cover.
 */
export function startUpReads({ pathname, search }: Pick<Location, 'pathname' | 'search'>): StartUpRead[] {
  if (pathname === '/login') return [];
  const session = fetchSession();
  const reads = [startUpRead(SESSION_QUERY_KEY, SESSION_STALE_MS, session)];
  if (pathname === '/works' || pathname === '/') {
    reads.push(startWorksListRead(pathname === '/works' ? search : '', session));
  }
  const workId = /^\/work\/([^/]+)\/?$/.exec(pathname)?.[1];
  if (workId !== undefined) reads.push(...startWorkReads(decodeURIComponent(workId), session));
  return reads;
}
