import type { ScanState } from '@sasayaki/api-contract';

/** The ended statuses the page has words for; `idle` when none ran. */
export type ScanStatusKey = 'idle' | 'running' | 'finished' | 'cancelled' | 'failed' | 'abandoned';

/**
 * Which message describes a scan's state. `interrupted` is how older servers said `abandoned` (its server
 * stopped renewing the scan's lease); a status this app does not know yet reads as a failure, not as
 * "no scan has run".
 */
export function scanStatusKey(state: Pick<ScanState, 'running' | 'status'>): ScanStatusKey {
  if (state.running) return 'running';
  switch (state.status) {
    case null:
      return 'idle';
    case 'finished':
    case 'cancelled':
    case 'failed':
    case 'abandoned':
      return state.status;
    case 'interrupted':
      return 'abandoned';
    default:
      return 'failed';
  }
}
