import type {
  MetadataFetchProgress,
  ScanHistory,
  ScanMode,
  ScanState,
  WorkCodeAnswer,
} from '@sasayaki/api-contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

export const SCAN_QUERY_KEY = ['admin', 'scan'] as const;

export function useScanState(enabled: boolean) {
  return useQuery({
    queryKey: SCAN_QUERY_KEY,
    queryFn: () => api<ScanState>('/api/scan'),
    enabled,
    staleTime: 0,
  });
}

export function startScan(mode: ScanMode): Promise<ScanState> {
  return api<ScanState>('/api/scan', { method: 'POST', body: { mode } });
}

export function cancelScan(): Promise<ScanState> {
  return api<ScanState>('/api/scan', { method: 'DELETE' });
}

/** `POST /api/admin/works/local`: a codeless folder becomes a work with a local id (the server starts a scan). */
export function markFolderAsWork(path: string): Promise<WorkCodeAnswer> {
  return api<WorkCodeAnswer>('/api/admin/works/local', { method: 'POST', body: { path } });
}

/** Works handled so far, unchanged ones included (servers before the `unchanged` count left them out). */
export function processedCount(state: Pick<ScanState, 'counts'>): number {
  const { added, updated, failed, unchanged } = state.counts;
  return added + updated + failed + (unchanged ?? 0);
}

/** Whether an ended scan found works and changed none of them: "60 works unchanged", not "0 of 60". */
export function nothingChanged(state: Pick<ScanState, 'counts' | 'running'>): boolean {
  const { found, added, updated, removed, failed, unchanged } = state.counts;
  return !state.running && found > 0 && unchanged === found && added + updated + removed + failed === 0;
}

export const SCAN_HISTORY_PAGE_SIZE = 10;

/** A page of past scans, newest first (kept on screen while the next page loads). */
export function useScanHistory(page: number) {
  return useQuery({
    queryKey: ['admin', 'scan-history', page],
    queryFn: () => api<ScanHistory>(`/api/scan/history?page=${page}&pageSize=${SCAN_HISTORY_PAGE_SIZE}`),
    placeholderData: keepPreviousData,
  });
}

/** One past scan whole, with its problems: asked for when its row is opened. */
export function useScanDetails(id: number, enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'scan-history', 'scan', id],
    queryFn: () => api<ScanState>(`/api/scan/history/${id}`),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export interface ScanRate {
  /** Works per second since the scan started, null before there is anything to measure. */
  perSecond: number | null;
  /** Seconds left at that rate (null when unknown, or for incremental scans, which skip unchanged works). */
  secondsLeft: number | null;
  elapsedSeconds: number;
}

export function scanRate(state: ScanState, now: number): ScanRate {
  const start = state.startedAt ? Date.parse(state.startedAt) : Number.NaN;
  const end = !state.running && state.finishedAt ? Date.parse(state.finishedAt) : now;
  const elapsedSeconds = Number.isFinite(start) ? Math.max(0, (end - start) / 1000) : 0;
  const processed = processedCount(state);
  const perSecond = elapsedSeconds >= 1 && processed > 0 ? processed / elapsedSeconds : null;
  const remaining = Math.max(0, state.counts.found - processed);
  const secondsLeft =
    state.running && perSecond && state.mode !== 'incremental' ? Math.round(remaining / perSecond) : null;
  return { perSecond, secondsLeft, elapsedSeconds };
}

/** Starts the DLsite metadata fetch now (409 when it is off or already running). */
export function startMetadataFetch(): Promise<MetadataFetchProgress> {
  return api<MetadataFetchProgress>('/api/scan/metadata', { method: 'POST' });
}

/** Stops the metadata fetch after the batch at hand. */
export function cancelMetadataFetch(): Promise<MetadataFetchProgress> {
  return api<MetadataFetchProgress>('/api/scan/metadata', { method: 'DELETE' });
}
