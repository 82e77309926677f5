import { create } from 'zustand';
import { readString, writeString } from './storage';

const FOLD_EDITIONS_KEY = 'sasayaki.foldEditions';

interface EditionFolding {
  /**
   * One card per work: translations whose original is in the library are left out of lists and shown as
   * language chips on the original's card (`includeTranslationWorks=false`). Off by default, as in the
   * ecosystem's apps, which send `includeTranslationWorks=true`.
   */
  fold: boolean;
  setFold(fold: boolean): void;
}

/** The settings page writes it, the works list reads it: kept in this browser (`sasayaki.foldEditions`). */
export const useEditionFolding = create<EditionFolding>((set) => ({
  fold: readString(FOLD_EDITIONS_KEY) === '1',
  setFold: (fold) => {
    writeString(FOLD_EDITIONS_KEY, fold ? '1' : null);
    set({ fold });
  },
}));
