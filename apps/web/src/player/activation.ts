import { create } from 'zustand';
import { readJson, STORAGE_KEYS } from '../lib/storage';

/**
 * The player's presence in the layout: its bar, lyrics bar and picture-in-picture view load once a work
 * page has been opened (spec section 2), or once the app starts with a queue saved from before (a reload
 * on any page), and stay across navigation. The sidebar's sleep-mode entry opens the sleep timer through
 * here.
 */
interface PlayerActivation {
  activated: boolean;
  sleepTimerOpen: boolean;
  activate(): void;
  openSleepTimer(): void;
  closeSleepTimer(): void;
}

export const usePlayerActivation = create<PlayerActivation>((set) => ({
  activated: false,
  sleepTimerOpen: false,
  activate: () => set({ activated: true }),
  openSleepTimer: () => set({ activated: true, sleepTimerOpen: true }),
  closeSleepTimer: () => set({ sleepTimerOpen: false }),
}));

/**
 * Whether the player saved a queue (player/store.ts). Read without the player's code, which is its own
 * chunk: only the queue's presence matters here, the store checks its entries when it loads.
 */
export function hasSavedQueue(): boolean {
  const saved = readJson<{ queue?: unknown } | null>(STORAGE_KEYS.player, null);
  return Array.isArray(saved?.queue) && saved.queue.length > 0;
}
