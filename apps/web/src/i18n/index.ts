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

let deferred: Promise<void> | undefined;

/**
 * The messages of every screen but the shell and the works page: one chunk, loaded before those screens
 * and in idle time after start, so the first page carries only what it shows (200 KB budget).
 */
export function loadDeferredMessages(): Promise<void> {
  deferred ??= import('./deferred-messages').then(
    (module) => registerMessages(module.DEFERRED_MESSAGES),
    (error: unknown) => {
      // Not fetched (an outage): the next call asks again.
      deferred = undefined;
      throw error;
    },
  );
  return deferred;
}

export function setLanguage(language: Language): void {
  writeString(STORAGE_KEYS.language, language);
  document.documentElement.lang = language;
  void i18next.changeLanguage(language);
}

export default i18next;
