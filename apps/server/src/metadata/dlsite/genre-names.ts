import type { TagLanguage } from '@sasayaki/api-contract';
import type { GenreNames } from '../../repositories/dlsite-genre.repository.js';
import type { ProviderTag } from '../provider-types.js';
import type { DlsiteLocale } from './dlsite-urls.js';
import type { GenreName } from './parse-product.js';

/** The locale each tag language is fetched in; ja_JP is the one every work is fetched in anyway. */
export const LOCALE_OF: Readonly<Record<TagLanguage, DlsiteLocale>> = {
  'ja-jp': 'ja_JP',
  'en-us': 'en_US',
  'zh-cn': 'zh_CN',
};
const LANGUAGES = Object.keys(LOCALE_OF) as TagLanguage[];

/** The languages in which some of these genres have no name yet: their product JSON must be fetched. */
export function missingLanguages(
  genres: readonly GenreName[],
  known: ReadonlyMap<number, GenreNames>,
): TagLanguage[] {
  return LANGUAGES.filter(
    (language) => language !== 'ja-jp' && genres.some((genre) => !known.get(genre.id)?.[language]),
  );
}

/** Adds one locale's names to the known ones (a copy). */
export function withNames(
  known: ReadonlyMap<number, GenreNames>,
  language: TagLanguage,
  genres: readonly GenreName[],
): Map<number, GenreNames> {
  const next = new Map(known);
  for (const genre of genres) next.set(genre.id, { ...next.get(genre.id), [language]: genre.name });
  return next;
}

/** A work's genres as tags: the Japanese name is the tag's name, every known language in `i18n`. */
export function tagsOf(genres: readonly GenreName[], known: ReadonlyMap<number, GenreNames>): ProviderTag[] {
  return genres.map((genre) => {
    const names: GenreNames = { ...known.get(genre.id), 'ja-jp': genre.name };
    const i18n: ProviderTag['i18n'] = {};
    for (const language of LANGUAGES) {
      const name = names[language];
      if (name) i18n[language] = { name };
    }
    return { id: genre.id, name: genre.name, i18n };
  });
}
