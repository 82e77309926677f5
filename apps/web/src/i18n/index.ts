import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readString, STORAGE_KEYS, writeString } from '../lib/storage';
import { FALLBACK_LANGUAGE, type Language, pickLanguage } from './languages';
import { RESOURCES } from './resources';

export const initialLanguage: Language = pickLanguage(
  readString(STORAGE_KEYS.language),
  navigator.languages ?? [],
);

void i18next.use(initReactI18next).init({
  resources: RESOURCES,
  lng: initialLanguage,
  fallbackLng: FALLBACK_LANGUAGE,
  interpolation: { escapeValue: false },
  returnNull: false,
});
document.documentElement.lang = initialLanguage;

export function setLanguage(language: Language): void {
  writeString(STORAGE_KEYS.language, language);
  document.documentElement.lang = language;
  void i18next.changeLanguage(language);
}

export default i18next;
