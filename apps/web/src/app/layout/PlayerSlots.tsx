import { lazy, Suspense } from 'react';
import { loadDeferredMessages } from '../../i18n';
import { usePlayerActivation } from '../../player/activation';

// The player is its own chunk: it loads with the first work page, not with the first screen.
const PlayerRoot = lazy(async () => {
  const [module] = await Promise.all([import('../../player/PlayerRoot'), loadDeferredMessages()]);
  return module;
});

export function PlayerSlots() {
  const activated = usePlayerActivation((state) => state.activated);
  if (!activated) return null;
  return (
    <Suspense fallback={null}>
      <PlayerRoot />
    </Suspense>
  );
}
