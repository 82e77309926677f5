import { useEffect } from 'react';
import { readSharedConfig } from '../lib/shared-config';
import { usePlayerStore } from './store';
import { usePlayerUi } from './ui-store';

/** Marks the player's control areas (bar, full player): Space on a button there plays or pauses. */
export const PLAYER_CONTROLS_ATTRIBUTE = 'data-player-controls';

/** True when a key press belongs to a field the user is typing in (or a control that uses the key itself). */
export function isTypingTarget(target: EventTarget | null, key = ''): boolean {
  if (!target || !(target instanceof Element)) return false;
  const element = target as HTMLElement;
  if (element.isContentEditable || element.closest('[contenteditable]:not([contenteditable="false"])'))
    return true;
  const tag = element.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    const type = (element as HTMLInputElement).type;
    return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(type);
  }
  if (element.getAttribute('role') === 'slider' || element.getAttribute('role') === 'textbox') return true;
  // Space and Enter activate focused buttons and links; leave them alone, except the player's own
  // buttons: after a click on "next", Space is play/pause there, not "next" again.
  if (
    key === ' ' &&
    element.closest('button, a, [role="button"], [role="menuitem"], [role="option"], [role="tab"]') &&
    !element.closest(`[${PLAYER_CONTROLS_ATTRIBUTE}]`)
  )
    return true;
  return false;
}

/** What a key does, or null: space, ←/→ seek, ↑/↓ volume, N/P next/previous, L lyrics. */
export function shortcutFor(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>,
): (() => void) | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (isTypingTarget(event.target, event.key)) return null;
  const store = usePlayerStore.getState();
  if (store.queue.length === 0) return null;
  const config = readSharedConfig();
  switch (event.key) {
    case ' ':
    case 'k':
    case 'K':
      return () => store.togglePlay();
    case 'ArrowLeft':
      return () => store.seekBy(-config.rewindSeekTime);
    case 'ArrowRight':
      return () => store.seekBy(config.forwardSeekTime);
    case 'ArrowUp':
      return () => store.setVolume(Math.round((store.volume + 0.05) * 100) / 100);
    case 'ArrowDown':
      return () => store.setVolume(Math.round((store.volume - 0.05) * 100) / 100);
    case 'n':
    case 'N':
      return () => store.next();
    case 'p':
    case 'P':
      return () => store.previous();
    case 'l':
    case 'L':
      return () => usePlayerUi.getState().setLyrics(!usePlayerUi.getState().lyricsOpen);
    default:
      return null;
  }
}

export function useKeyboardShortcuts(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || (event.repeat && event.key === ' ')) return;
      const action = shortcutFor(event);
      if (!action) return;
      event.preventDefault();
      action();
    };
    // A focused button is pressed by Space on key up: the player's buttons are not (Space played or paused).
    const onKeyUp = (event: KeyboardEvent) => {
      if (
        event.key === ' ' &&
        event.target instanceof Element &&
        event.target.closest(`[${PLAYER_CONTROLS_ATTRIBUTE}]`)
      )
        event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('keyup', onKeyUp);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('keyup', onKeyUp);
    };
  }, []);
}
