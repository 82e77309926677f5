import type { ScanIssue, ScanState } from '@sasayaki/api-contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { getToken } from '../../api/client';
import { SCAN_QUERY_KEY } from './api';
import { followEventStream, type StreamEvent, type StreamStatus } from './event-stream';
import { scanStatusKey } from './scan-status';

export type LogLevel = 'info' | 'warn' | 'error';

export interface LogEntry {
  id: number;
  at: number;
  level: LogLevel;
  /** A message key of the admin namespace with its values (client events), or the server's own text. */
  key?: string;
  values?: Record<string, string | number>;
  text?: string;
  path?: string;
}

export interface ScanLive {
  status: StreamStatus;
  /** The scan's problems as the server lists them (re-sent in full on every connection). */
  issues: ScanIssue[];
  /** Client-side events: started, finished, connection lost and back. */
  events: LogEntry[];
}

let nextId = 1;
const entry = (level: LogLevel, key: string, values?: LogEntry['values']): LogEntry => ({
  id: nextId++,
  at: Date.now(),
  level,
  key,
  values,
});

/**
 * Follows `GET /api/scan/events`, writing each `progress`/`finished` state into the scan query's cache
 * (so the page has one source of truth) and collecting the log. Library data is refreshed once a scan ends.
 */
export function useScanLive(enabled: boolean): ScanLive {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const [issues, setIssues] = useState<ScanIssue[]>([]);
  const [events, setEvents] = useState<LogEntry[]>([]);
  const lastState = useRef<ScanState | null>(null);
  const freshConnection = useRef(true);

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const log = (item: LogEntry) => setEvents((previous) => [...previous.slice(-199), item]);

    const onState = (state: ScanState, finished: boolean) => {
      const before = lastState.current;
      // The first progress of a connection, or of a new scan, is followed by the scan's whole problem list.
      if (freshConnection.current || before?.id !== state.id) setIssues([]);
      freshConnection.current = false;
      if (state.running && (before === null || before.id !== state.id || !before.running)) {
        if (before !== null) log(entry('info', 'log.started', { mode: state.mode ?? '' }));
      }
      if (finished) {
        const ended = scanStatusKey(state);
        log(
          entry(ended === 'finished' ? 'info' : 'warn', `log.ended.${ended}`, {
            ...state.counts,
          }),
        );
        void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
      }
      lastState.current = state;
      queryClient.setQueryData(SCAN_QUERY_KEY, state);
    };

    const onEvent = ({ event, data }: StreamEvent) => {
      let payload: unknown;
      try {
        payload = JSON.parse(data);
      } catch {
        return;
      }
      if (event === 'progress') onState(payload as ScanState, false);
      else if (event === 'finished') onState(payload as ScanState, true);
      else if (event === 'log') setIssues((previous) => [...previous, payload as ScanIssue]);
      else if (event === 'error') {
        log({ ...entry('error', 'log.streamError'), text: (payload as { error?: string }).error });
      }
    };

    let wasOpen = false;
    void followEventStream({
      url: '/api/scan/events',
      headers: (): Record<string, string> => {
        const token = getToken();
        return token ? { Authorization: `Bearer ${token}` } : {};
      },
      signal: controller.signal,
      onEvent,
      onStatus: (next, detail) => {
        if (controller.signal.aborted) return;
        setStatus(next);
        if (next === 'open') {
          freshConnection.current = true;
          if (wasOpen) log(entry('info', 'log.reconnected'));
          wasOpen = true;
        } else if (next === 'reconnecting' && detail !== undefined) {
          log({ ...entry('warn', 'log.connectionLost'), text: detail || undefined });
        }
      },
    });
    return () => controller.abort();
  }, [enabled, queryClient]);

  return { status, issues, events };
}
