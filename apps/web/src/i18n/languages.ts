/** The interface languages; en is the fallback. */
export const LANGUAGES = ['en', 'zh-CN', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';

export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', 'zh-CN': '简体中文', ja: '日本語' };

/**
 * The saved preference, else the first of the browser's languages we speak. Every Chinese variant gets
 * zh-CN until a zh-TW catalogue exists.
 */
export function pickLanguage(saved: string | null, browser: readonly string[]): Language {
  if (saved && (LANGUAGES as readonly string[]).includes(saved)) return saved as Language;
  for (const tag of browser) {
    const lower = tag.toLowerCase();
    if (lower.startsWith('zh')) return 'zh-CN';
    if (lower.startsWith('ja')) return 'ja';
    if (lower.startsWith('en')) return 'en';
  }
  return FALLBACK_LANGUAGE;
}

/** The key of a tag's name in `Tag.i18n` for an interface language. */
export const TAG_LANGUAGE: Record<Language, 'en-us' | 'zh-cn' | 'ja-jp'> = {
  en: 'en-us',
  'zh-CN': 'zh-cn',
  ja: 'ja-jp',
};
