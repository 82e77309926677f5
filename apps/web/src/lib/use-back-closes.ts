import { type MouseEvent, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

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

/** How long a link waits for the Back of a closing overlay before it navigates anyway. */
const OVERLAY_BACK_WAIT_MS = 500;

/** Whether the current history entry is one an open overlay pushed (closing it will go Back). */
function onOverlayEntry(): boolean {
  return !!window.history.state?.[OVERLAY_STATE_KEY];
}

/**
 * Runs `navigate` once the history entry of the overlay now closing is gone, at once when the current
 * entry is not an overlay's. Navigating first raced the overlay's `history.back()`: its `popstate` reached
 * the router as a navigation to the page already shown, which cancelled a navigation still fetching its
 * screen's chunk (a tap in the phone's menu on a screen not loaded yet did nothing, issue 14).
 */
export function afterOverlayBack(navigate: () => void): void {
  if (!onOverlayEntry()) {
    navigate();
    return;
  }
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    window.removeEventListener('popstate', go);
    clearTimeout(timer);
    navigate();
  };
  // Registered after the router's own listener: the router handles the Back first, then this navigation.
  window.addEventListener('popstate', go);
  const timer = setTimeout(go, OVERLAY_BACK_WAIT_MS);
}

/**
 * The click handler of a link inside an overlay that `useBackCloses` gave a history entry: it closes the
 * overlay and, while the overlay's entry is the current one, follows the link itself once that entry is
 * gone (`afterOverlayBack`; the address shown again is replaced, as a link to it would). Otherwise, and
 * for clicks that open a new tab or window (a modifier key, another button), the link does as usual.
 */
export function useOverlayLink(close: () => void): (event: MouseEvent<HTMLAnchorElement>) => void {
  const navigate = useNavigate();
  return (event) => {
    const to = event.currentTarget.getAttribute('href');
    const plain = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (plain && to && onOverlayEntry()) {
      event.preventDefault();
      afterOverlayBack(() => {
        const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
        void navigate(to, { replace: here === to });
      });
    }
    close();
  };
}
