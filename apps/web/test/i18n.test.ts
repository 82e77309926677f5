import { describe, expect, it } from 'vitest';
import type { Messages } from '../src/i18n/catalogue';
import { LANGUAGES, pickLanguage } from '../src/i18n/languages';
import { FEATURE_MESSAGES } from '../src/i18n/resources';

function keysOf(messages: Messages, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1] ?? '').sort();
}

describe('message catalogues', () => {
  for (const [feature, messages] of Object.entries(FEATURE_MESSAGES)) {
    it(`${feature}: every key exists in every language, non-empty, with the same placeholders`, () => {
      const english = keysOf(messages.en).sort();
      for (const language of LANGUAGES) {
        expect(keysOf(messages[language]).sort(), `${feature} in ${language}`).toEqual(english);
      }
      for (const key of english) {
        const path = key.split('.');
        const lookup = (language: (typeof LANGUAGES)[number]) =>
          path.reduce<Messages | string | undefined>(
            (node, part) => (typeof node === 'object' ? node[part] : undefined),
            messages[language],
          ) as string;
        for (const language of LANGUAGES) {
          expect(lookup(language).trim(), `${feature}.${key} in ${language}`).not.toBe('');
          expect(placeholders(lookup(language)), `${feature}.${key} in ${language}`).toEqual(
            placeholders(lookup('en')),
          );
        }
      }
    });
  }
});

describe('pickLanguage', () => {
  it('prefers the saved choice, then the browser, with zh-TW and zh-HK as zh-CN, else English', () => {
    expect(pickLanguage('ja', ['en-US'])).toBe('ja');
    expect(pickLanguage(null, ['zh-TW', 'en'])).toBe('zh-CN');
    expect(pickLanguage(null, ['zh-HK'])).toBe('zh-CN');
    expect(pickLanguage(null, ['ja-JP'])).toBe('ja');
    expect(pickLanguage(null, ['fr-FR', 'en-GB'])).toBe('en');
    expect(pickLanguage('xx', ['fr'])).toBe('en');
  });
});
