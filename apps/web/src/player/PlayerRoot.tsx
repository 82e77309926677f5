import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { AudioEngine } from './engine/AudioEngine';
import { useKeyboardShortcuts } from './keyboard';
import { useLyricsLoader } from './lyrics/use-lyrics-loader';
import { PipView } from './pip/PipView';
import { useSleepTimer } from './sleep/use-sleep-timer';
import { usePlayerStore } from './store';
import { FullPlayer } from './ui/FullPlayer';
import { LyricsBar } from './ui/LyricsBar';
import { LyricsView } from './ui/LyricsView';
import { PlayerBar } from './ui/PlayerBar';
import { QueueDrawer } from './ui/QueueDrawer';
import { SleepTimerDialog } from './ui/SleepTimerDialog';
import { usePlayerUi } from './ui-store';

const BAR_HEIGHT = '64px';

/** Reserves room for the player bar at the bottom of the page while there is something to play. */
function useBarSpace(): void {
  const visible = usePlayerStore((s) => s.queue.length > 0);
  useEffect(() => {
    const root = document.documentElement;
    if (visible) root.style.setProperty('--player-bar-height', BAR_HEIGHT);
    else root.style.removeProperty('--player-bar-height');
    return () => {
      root.style.removeProperty('--player-bar-height');
    };
  }, [visible]);
}

/** On phones the full player covers the page: navigating (e.g. Back) closes it. */
function useCloseOnNavigate(): void {
  const location = useLocation();
  useEffect(() => {
    void location.key;
    usePlayerUi.getState().setFull(false);
  }, [location.key]);
}

/**
 * The player (issue 5): the audio element, the player bar, the lyrics bar, the full player, the lyrics
 * view, the queue, the sleep timer and picture-in-picture subtitles. Loaded once a work page has been
 * opened; it stays across navigation.
 */
export default function PlayerRoot() {
  useBarSpace();
  useCloseOnNavigate();
  useKeyboardShortcuts();
  useLyricsLoader();
  useSleepTimer();
  return (
    <>
      <AudioEngine />
      <LyricsBar />
      <PlayerBar />
      <FullPlayer />
      <QueueDrawer />
      <LyricsView />
      <SleepTimerDialog />
      <PipView />
    </>
  );
}
