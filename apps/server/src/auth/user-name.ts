import type { UserGroup } from '@sasayaki/api-contract';
import { Conflict, Invalid } from '../errors.js';

/**
 * User names that look alike are one name (issue 11, finding 12: `ADMIN`, `admin `, a Cyrillic `а`,
 * fullwidth letters and zero-width characters all registered as new accounts beside `admin`).
 *
 * A name is stored as typed after NFKC and trimming (fullwidth `ａｄｍｉｎ` becomes `admin`); its key,
 * which the database keeps unique (`users.name_key`), also folds case, drops invisible characters,
 * collapses spaces and maps Cyrillic and Greek letters that look like Latin ones to those. Registering a
 * name whose key is taken is a conflict; logging in with any spelling of a key finds its account.
 *
 * Changing `userNameKey` changes the keys of existing rows: it needs a migration that recomputes them
 * (as `2026-11-24-0003-user-name-keys` computed the first ones), or the index holds keys of the old rule.
 */

/** Names are 5 to 64 characters after NFKC and trimming too (the contract checks them as sent). */
const MIN_LENGTH = 5;

/** The guest account's name: kept for it, also while guest access is off and the account is not made yet. */
export const GUEST_NAME = 'guest';

/**
 * A new account's name as stored, compatibility characters composed (NFKC) and without surrounding
 * spaces, with its key. The contract has refused control and invisible characters already.
 */
export function newUserName(name: string, group: UserGroup): { name: string; key: string } {
  const stored = name.normalize('NFKC').trim();
  if ([...stored].length < MIN_LENGTH || stored.length > 64) {
    const msg = 'Username must be 5 to 64 characters without surrounding spaces';
    throw new Invalid(`Invalid name: ${msg}`, [{ param: 'name', location: 'body', msg, value: name }]);
  }
  const key = userNameKey(stored);
  if (key === userNameKey(GUEST_NAME) && group !== 'guest') throw new Conflict(nameTaken(stored));
  return { name: stored, key };
}

/**
 * Cyrillic and Greek letters that look like Latin ones, in lower case (upper case is folded first, so a
 * letter is mapped by the look of either case: Cyrillic `н` because `Н` looks like `H`).
 */
const LATIN_LOOK_ALIKES: Readonly<Record<string, string>> = {
  // Cyrillic
  а: 'a',
  в: 'b',
  е: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  і: 'i',
  ј: 'j',
  һ: 'h',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ӏ: 'l',
  // Greek
  α: 'a',
  β: 'b',
  ε: 'e',
  ζ: 'z',
  η: 'h',
  ι: 'i',
  κ: 'k',
  μ: 'm',
  ν: 'n',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'y',
  χ: 'x',
  // Latin letters that stand in for others
  ı: 'i',
  ɑ: 'a',
  ɡ: 'g',
};

const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
const LOOK_ALIKE = new RegExp(`[${Object.keys(LATIN_LOOK_ALIKES).join('')}]`, 'gu');

/** The conflict's message: a look-alike of a taken name is that name. */
export function nameTaken(name: string): string {
  return `The name "${name}" is taken, or looks too much like one that is`;
}

/** The key that decides whether two names are the same account. */
export function userNameKey(name: string): string {
  return name
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .toLowerCase()
    .normalize('NFKC')
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(LOOK_ALIKE, (letter) => LATIN_LOOK_ALIKES[letter] ?? letter);
}
