import { AGE_RATINGS, type EditionLanguage, editionLanguageOf, findWorkCode } from '@sasayaki/api-contract';
import { Invalid } from '../errors.js';

/**
 * The search keyword syntax of contract section 4, parsed into conditions that all must hold. Pure: the
 * repository turns the result into SQL.
 */
export type LabelKind = 'tag' | 'circle' | 'va';

export interface ParsedSearch {
  /** Work ids named by an RJ code or 6-8 bare digits. */
  ids: number[];
  /** Plain words, lower-cased: each must be a substring of the work's search text. */
  words: string[];
  labels: Array<{ kind: LabelKind; name: string; exclude: boolean }>;
  minRating?: number;
  minPrice?: number;
  minSales?: number;
  minDuration?: number;
  maxDuration?: number;
  age?: (typeof AGE_RATINGS)[number];
  subtitle?: boolean;
  /** The edition's own language (`$lang:en$`), as DLsite writes it. */
  lang?: EditionLanguage;
}

const TOKEN = /\$(-?)([a-z]+):([^$]*)\$/gi;
const BARE_CODE = /^(?:rj)?(\d{6,8})$/i;

function malformed(token: string, why: string): Invalid {
  return new Invalid(`Malformed search token ${token}: ${why}`, [
    { param: 'keyword', location: 'params', msg: why, value: token },
  ]);
}

function number(token: string, value: string): number {
  if (!/^\d+(\.\d+)?$/.test(value)) throw malformed(token, 'expected a number');
  return Number(value);
}

/** `30m`, `1.5h`, `90s`, `45` (minutes) → seconds. */
function duration(token: string, value: string): number {
  const match = /^(\d+(?:\.\d+)?)([hms]?)$/i.exec(value);
  if (!match?.[1]) throw malformed(token, 'expected a duration such as 30m or 1.5h');
  const unit = (match[2] || 'm').toLowerCase();
  return Number(match[1]) * (unit === 'h' ? 3600 : unit === 'm' ? 60 : 1);
}

export function parseSearch(keyword: string): ParsedSearch {
  const result: ParsedSearch = { ids: [], words: [], labels: [] };
  // Composed (NFC), as the search text is: a name pasted from a macOS file name comes decomposed.
  const rest = keyword
    .normalize('NFC')
    .replace(TOKEN, (token, minus: string, rawName: string, rawValue: string) => {
      const name = rawName.toLowerCase();
      const exclude = minus === '-';
      const value = rawValue.trim();
      if (value === '') throw malformed(token, 'empty value');
      if (exclude && !['tag', 'circle', 'va', 'duration'].includes(name))
        throw malformed(token, 'cannot be negated');
      switch (name) {
        case 'tag':
        case 'circle':
        case 'va':
          result.labels.push({ kind: name, name: value, exclude });
          break;
        case 'rate':
          result.minRating = number(token, value);
          break;
        case 'price':
          result.minPrice = number(token, value);
          break;
        case 'sell':
          result.minSales = number(token, value);
          break;
        case 'duration':
          if (exclude) result.maxDuration = duration(token, value);
          else result.minDuration = duration(token, value);
          break;
        case 'age': {
          const age = value.toLowerCase();
          if (!(AGE_RATINGS as readonly string[]).includes(age))
            throw malformed(token, 'expected general, r15 or adult');
          result.age = age as ParsedSearch['age'];
          break;
        }
        case 'subtitle':
          if (value !== '0' && value !== '1') throw malformed(token, 'expected 0 or 1');
          result.subtitle = value === '1';
          break;
        case 'lang': {
          const lang = editionLanguageOf(value);
          if (lang === null) throw malformed(token, 'expected a language such as ja, en, zh-cn, zh-tw or ko');
          result.lang = lang;
          break;
        }
        default:
          throw malformed(token, `unknown token "${rawName}"`);
      }
      return ' ';
    });
  if (rest.includes('$')) {
    const fragment = rest.slice(rest.indexOf('$')).split(/\s/)[0] ?? '$';
    throw malformed(fragment, 'expected $name:value$');
  }
  for (const word of rest.split(/\s+/).filter(Boolean)) {
    const code = findWorkCode(word) ?? (BARE_CODE.test(word) ? Number(BARE_CODE.exec(word)?.[1]) : null);
    if (code !== null && code > 0) result.ids.push(code);
    else result.words.push(word.toLowerCase());
  }
  return result;
}
