import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readString, STORAGE_KEYS, writeString } from '../lib/storage';
import type { FeatureMessages } from './catalogue';
import { FALLBACK_LANGUAGE, LANGUAGES, type Language, pickLanguage } from './languages';
import { SHELL_MESSAGES } from './shell-messages';

export const initialLanguage: Language = pickLanguage(
  readString(STORAGE_KEYS.language),
  navigator.languages ?? [],
);

/** Adds features' messages in every language, under their namespace keys. */
export function registerMessages(features: Record<string, FeatureMessages>): void {
  for (const language of LANGUAGES) {
    const bundle = Object.fromEntries(
      Object.entries(features).map(([key, messages]) => [key, messages[language]]),
    );
    i18next.addResourceBundle(language, 'translation', bundle, true, true);
  }
}

void i18next.use(initReactI18next).init({
  resources: {},
  lng: initialLanguage,
  fallbackLng: FALLBACK_LANGUAGE,
  interpolation: { escapeValue: false },
  returnNull: false,
});
registerMessages(SHELL_MESSAGES);
document.documentElement.lang = initialLanguage;

/**
 * Loads a lazy chunk of messages once and registers them; a chunk not fetched (an outage) is asked for
 * again by the next call.
 */
function loadOnce(load: () => Promise<Record<string, FeatureMessages>>): () => Promise<void> {
  let loaded: Promise<void> | undefined;
  return () => {
    loaded ??= load().then(registerMessages, (error: unknown) => {
      loaded = undefined;
      throw error;
    });
    return loaded;
  };
}

/**
 * The work page's messages only: what /work/:id waits for before its first paint (issue 14's phone
 * budget), rather than every screen's.
 */
export const loadWorkMessages = loadOnce(() =>
  import('./work-messages').then((module) => module.WORK_MESSAGES),
);

const loadOtherMessages = loadOnce(() =>
  import('./deferred-messages').then((module) => module.DEFERRED_MESSAGES),
);

/**
 * The messages of every screen but the shell and the works page (the work page's included, as other
 * screens open its dialogs): loaded before those screens and in idle time after start, so the first page
 * carries only what it shows (200 KB budget).
 */
export function loadDeferredMessages(): Promise<void> {
  return Promise.all([loadWorkMessages(), loadOtherMessages()]).then(() => undefined);
}

export function setLanguage(language: Language): void {
  writeString(STORAGE_KEYS.language, language);
  document.documentElement.lang = language;
  void i18next.changeLanguage(language);
}

export default i18next;
