import { useEffect, useRef } from 'react';

/** Marks the history entries pushed for open overlays, by the overlay's name. */
const OVERLAY_STATE_KEY = 'sasayakiOverlay';

/** The open overlays, oldest first: Back closes the newest only (the queue over the full player). */
const openOverlays: string[] = [];

/**
 * Back (Android's back button or gesture, the browser's) closes an open overlay (the full player, a
 * drawer) before it leaves the page: opening pushes a history entry for the same address, Back pops it
 * and closes the overlay. Closed another way (its button, Escape), the overlay takes its entry back.
 * The router's own state is copied into the entry, so the router sees the same location.
 */
export function useBackCloses(open: boolean, close: () => void, name: string): void {
  const latestClose = useRef(close);
  latestClose.current = close;
  useEffect(() => {
    if (!open) return;
    window.history.pushState({ ...window.history.state, [OVERLAY_STATE_KEY]: name }, '');
    openOverlays.push(name);
    let popped = false;
    const onPop = () => {
      if (openOverlays.at(-1) !== name) return;
      popped = true;
      latestClose.current();
    };
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
      openOverlays.splice(openOverlays.lastIndexOf(name), 1);
      if (!popped && window.history.state?.[OVERLAY_STATE_KEY] === name) window.history.back();
    };
  }, [open, name]);
}
