import type { Tag } from '@sasayaki/api-contract';
import { FALLBACK_LANGUAGE, LANGUAGES, type Language, TAG_LANGUAGE } from '../../i18n/languages';

type NamedLabel = Pick<Tag, 'name'> & { i18n?: Tag['i18n'] };

function asLanguage(language: string): Language {
  return (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : FALLBACK_LANGUAGE;
}

/** A tag's name in the interface language (`Tag.i18n`), falling back to its default name. */
export function localTagName(tag: NamedLabel, language: string): string {
  const localised = tag.i18n?.[TAG_LANGUAGE[asLanguage(language)]]?.name?.trim();
  return localised || tag.name;
}
