/**
 * The languages of a work's editions, as DLsite writes them (`language_editions[].lang`,
 * `translation_info.lang`, the Work's `lang`). The web app names each in the reader's language.
 */
export const EDITION_LANGUAGES = [
  'JPN',
  'ENG',
  'CHI_HANS',
  'CHI_HANT',
  'KO_KR',
  'SPA',
  'FRE',
  'GER',
  'ITA',
  'POR',
  'RUS',
  'THA',
  'VIE',
  'IND',
  'SWE',
] as const;
export type EditionLanguage = (typeof EDITION_LANGUAGES)[number];

/**
 * Other spellings people use for each language (`$lang:xx$`): ISO 639 codes, the web app's own language
 * codes (`zh-CN`), English names. Keys are lower case with `-` for `_`.
 */
const ALIASES: Readonly<Record<string, EditionLanguage>> = {
  ja: 'JPN',
  jp: 'JPN',
  'ja-jp': 'JPN',
  japanese: 'JPN',
  en: 'ENG',
  'en-us': 'ENG',
  english: 'ENG',
  zh: 'CHI_HANS',
  'zh-cn': 'CHI_HANS',
  'zh-hans': 'CHI_HANS',
  chs: 'CHI_HANS',
  'zh-tw': 'CHI_HANT',
  'zh-hant': 'CHI_HANT',
  cht: 'CHI_HANT',
  ko: 'KO_KR',
  kr: 'KO_KR',
  kor: 'KO_KR',
  korean: 'KO_KR',
  es: 'SPA',
  fr: 'FRE',
  de: 'GER',
  it: 'ITA',
  pt: 'POR',
  ru: 'RUS',
  th: 'THA',
  vi: 'VIE',
  id: 'IND',
  sv: 'SWE',
};

const BY_KEY: ReadonlyMap<string, EditionLanguage> = new Map([
  ...EDITION_LANGUAGES.map((code) => [code.toLowerCase().replace(/_/g, '-'), code] as const),
  ...Object.entries(ALIASES),
]);

/** The edition language a text names (`en`, `ENG`, `zh-cn`, `chi_hans`, any case); null when none. */
export function editionLanguageOf(text: string): EditionLanguage | null {
  return BY_KEY.get(text.trim().toLowerCase().replace(/_/g, '-')) ?? null;
}
