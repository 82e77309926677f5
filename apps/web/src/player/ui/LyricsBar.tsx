import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLyricsStore } from '../lyrics/lyrics-store';
import { useCurrentLine } from '../lyrics/use-current-line';
import { usePipStore } from '../pip/pip-store';
import { usePlayerUi } from '../ui-store';
import classes from './player.module.css';

const clamp = (value: number) => Math.min(0.97, Math.max(0.03, value));

/** Room the docked bar takes above the player bar (px): the page and the back-to-top button keep clear. */
const DOCKED_SPACE = { oneLine: 56, twoLines: 80 } as const;

/**
 * While the bar sits in its place above the player bar (not dragged elsewhere), `--lyrics-bar-space`
 * tells the layout how much room to keep: the last rows of the page and the back-to-top button stay
 * above it instead of under it.
 */
function useDockedSpace(space: number | null): void {
  useEffect(() => {
    if (space === null) return;
    const root = document.documentElement;
    root.style.setProperty('--lyrics-bar-space', `${space}px`);
    return () => {
      root.style.removeProperty('--lyrics-bar-space');
    };
  }, [space]);
}

/**
 * The lyrics bar: the current line (and the next one in two-line mode), draggable anywhere with mouse or
 * touch, its place remembered; a click without a drag opens the full lyrics view.
 */
export function LyricsBar() {
  const { t } = useTranslation();
  const lines = useLyricsStore((s) => s.lines);
  const bar = useLyricsStore((s) => s.bar);
  const index = useCurrentLine();
  const pipOpen = usePipStore((s) => s.open);
  const drag = useRef<{ x: number; y: number; moved: boolean } | null>(null);
  const current = index >= 0 ? (lines[index]?.text ?? '') : '';
  const next = bar.twoLines ? (lines[index + 1]?.text ?? '') : '';
  const shown = lines.length > 0 && !pipOpen && (!!current || !!next);
  const docked = bar.x === null && bar.y === null;
  useDockedSpace(shown && docked ? DOCKED_SPACE[bar.twoLines ? 'twoLines' : 'oneLine'] : null);
  if (!shown) return null;
  const left = bar.x === null ? '50%' : `${bar.x * 100}%`;
  // Docked: its bottom edge 8 px above the player bar (player.module.css, data-docked).
  const top = bar.y === null ? 'calc(100dvh - var(--player-bar-height, 0px) - 8px)' : `${bar.y * 100}%`;
  return (
    <button
      type="button"
      className={classes.lyricsBar}
      style={{ left, top }}
      data-docked={docked || undefined}
      aria-label={t('player.lyrics.dragBar')}
      data-testid="lyrics-bar"
      onPointerDown={(event) => {
        drag.current = { x: event.clientX, y: event.clientY, moved: false };
        event.currentTarget.setPointerCapture(event.pointerId);
      }}
      onPointerMove={(event) => {
        const start = drag.current;
        if (!start) return;
        if (!start.moved && Math.hypot(event.clientX - start.x, event.clientY - start.y) < 6) return;
        start.moved = true;
        const el = event.currentTarget;
        // Centred on the finger from here on, wherever it was docked.
        el.removeAttribute('data-docked');
        el.style.left = `${clamp(event.clientX / window.innerWidth) * 100}%`;
        el.style.top = `${clamp(event.clientY / window.innerHeight) * 100}%`;
      }}
      onPointerUp={(event) => {
        const start = drag.current;
        drag.current = null;
        if (!start) return;
        if (start.moved) {
          useLyricsStore.getState().setBar({
            x: clamp(event.clientX / window.innerWidth),
            y: clamp(event.clientY / window.innerHeight),
          });
        } else usePlayerUi.getState().setLyrics(true);
      }}
    >
      <div className={classes.lyricLine} data-testid="lyrics-current">
        {current || '\u00a0'}
      </div>
      {bar.twoLines && next && <div className={classes.nextLine}>{next}</div>}
    </button>
  );
}
