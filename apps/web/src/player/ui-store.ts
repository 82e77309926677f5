import { create } from 'zustand';

/** What the player shows: the full player, its queue, the lyrics view. Not saved. */
interface PlayerUi {
  fullOpen: boolean;
  queueOpen: boolean;
  lyricsOpen: boolean;
  setFull(open: boolean): void;
  setQueue(open: boolean): void;
  setLyrics(open: boolean): void;
}

export const usePlayerUi = create<PlayerUi>((set) => ({
  fullOpen: false,
  queueOpen: false,
  lyricsOpen: false,
  setFull: (fullOpen) => set({ fullOpen }),
  setQueue: (queueOpen) => set({ queueOpen }),
  setLyrics: (lyricsOpen) => set({ lyricsOpen }),
}));
