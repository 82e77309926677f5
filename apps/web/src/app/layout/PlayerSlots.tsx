import { lazy, Suspense, useEffect } from 'react';
import { loadDeferredMessages } from '../../i18n';
import { whenIdle } from '../../lib/idle';
import { hasSavedQueue, usePlayerActivation } from '../../player/activation';
import { importWhenOnline } from './network-events';

// The player is its own chunk: it loads with the first work page, not with the first screen; fetched
// again once the server is back when an outage stops it (a failed lazy component would stay failed).
const PlayerRoot = lazy(async () => {
  const [module] = await Promise.all([
    importWhenOnline(() => import('../../player/PlayerRoot')),
    importWhenOnline(loadDeferredMessages),
  ]);
  return module;
});

/**
 * A queue saved before a reload brings the player back on any page, in idle time: its chunk then does
 * not compete with the first screen's (200 KB budget, first covers within 1 s).
 */
function useRestoreSavedPlayer(): void {
  useEffect(() => {
    let cancelled = false;
    void whenIdle().then(() => {
      if (!cancelled && hasSavedQueue()) usePlayerActivation.getState().activate();
    });
    return () => {
      cancelled = true;
    };
  }, []);
}

export function PlayerSlots() {
  useRestoreSavedPlayer();
  const activated = usePlayerActivation((state) => state.activated);
  if (!activated) return null;
  return (
    <Suspense fallback={null}>
      <PlayerRoot />
    </Suspense>
  );
}
