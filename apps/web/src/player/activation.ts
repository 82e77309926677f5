import { create } from 'zustand';

/**
 * The player's presence in the layout: its bar, lyrics bar and picture-in-picture view load once a work
 * page has been opened (spec section 2), and stay across navigation. The sidebar's sleep-mode entry
 * opens the sleep timer through here.
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
