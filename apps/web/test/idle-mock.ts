import { act } from '@testing-library/react';
import { useSyncExternalStore } from 'react';

/**
 * A stand-in for `src/lib/idle` whose idle time starts when a test says so, for components that wait for
 * it: `vi.mock('../../src/lib/idle', () => import('../idle-mock'))`.
 */
const listeners = new Set<() => void>();
let started = true;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useIdleStarted(): boolean {
  return useSyncExternalStore(subscribe, () => started);
}

/** Idle time not begun yet (the first screen), or begun. */
export function setIdleStarted(value: boolean): void {
  act(() => {
    started = value;
    for (const listener of listeners) listener();
  });
}
