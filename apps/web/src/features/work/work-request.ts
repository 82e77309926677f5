import { formatWorkCode, parseWorkId, type TrackNode, type Work } from '@sasayaki/api-contract';
import { ApiError, api } from '../../api/client';
import type { CoverSize } from '../../components/work/cover-src';
import { paintEarlyCover } from '../../components/work/early-cover';
import { preloadCover } from '../../components/work/preload-cover';
import { type StartUpRead, startUpRead } from '../../lib/start-up-read';

/**
 * A work's requests, without React or the query library: the app's entry asks for the first screen's
 * work and files with them before the app's code has arrived (app/start-up-reads.ts); api.ts's hooks
 * use them too.
 */

/** The cover the work page's header draws (WorkHeader), which the start-up fetch preloads. */
export const WORK_PAGE_COVER_SIZE = 'main' satisfies CoverSize;

export const workKey = (id: string) => ['work', 'detail', id.toUpperCase()] as const;
export const tracksKey = (id: string) => ['work', 'tracks', id.toUpperCase()] as const;

/**
 * How long a fetched work is fresh: long enough that the page mounting just after the start-up fetch
 * (startWorkReads) does not ask again; changes made here invalidate it anyway.
 */
export const WORK_STALE_MS = 10_000;
export const TRACKS_STALE_MS = 5 * 60_000;

export const fetchWork = (id: string, signal?: AbortSignal) =>
  api<Work>(`/api/work/${encodeURIComponent(id)}`, { signal });
export const fetchTracks = (id: string, signal?: AbortSignal) =>
  api<TrackNode[]>(`/api/tracks/${encodeURIComponent(id)}`, { signal });

/**
 * Asks for a work page's work and files at start-up (app/start-up-reads.ts), beside the session and the
 * screen's chunk, instead of once the chunk has run. `raw` is the address's id, as WorkPage reads it. A
 * first visit signs in as the guest while this runs: a 401 is asked again once the session is settled.
 * The cover, the page's largest paint, is fetched and painted as soon as the work is known.
 */
export function startWorkReads(raw: string, session: Promise<unknown>): StartUpRead[] {
  const numeric = parseWorkId(raw);
  if (numeric === null) return [];
  const id = formatWorkCode(numeric);
  const retried = <T>(fetcher: (id: string) => Promise<T>): Promise<T> =>
    fetcher(id).catch(async (error: unknown) => {
      if (!(error instanceof ApiError) || error.status !== 401) throw error;
      await session;
      return fetcher(id);
    });
  const work = retried(fetchWork);
  void work.then(
    (answer) => preloadCover(answer, WORK_PAGE_COVER_SIZE),
    // A failed start-up fetch is the page's own query's to show and retry.
    () => undefined,
  );
  // And painted from here, before the app's code has run (the entry waits for it, main.tsx).
  paintEarlyCover(work, WORK_PAGE_COVER_SIZE);
  return [
    startUpRead(workKey(id), WORK_STALE_MS, work),
    startUpRead(tracksKey(id), TRACKS_STALE_MS, retried(fetchTracks)),
  ];
}
