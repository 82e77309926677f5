import { editionLanguageOf, parseWorkId } from '@sasayaki/api-contract';
import type { LanguageEdition, ProviderMetadata } from './provider-types.js';

/**
 * What one work's merged metadata says about its language editions, as links to other works' ids:
 *
 * - `original`: the edition is the original this work was translated from (`original_workno`, else
 *   `parent_workno`; a parent that is not the original is an `edition`);
 * - `translation`: the edition is a translation of this work (`child_worknos`);
 * - `edition`: another language edition, relation unknown (`language_editions`, DLsite's `dl_count_items`);
 * - `translated`: a link of the work to itself: it says it is a translation, without naming the original
 *   (`is_translation`, `is_child`).
 *
 * A link names a code, not a row: the other edition may be scanned later, or never.
 */
export type EditionLinkKind = 'original' | 'translation' | 'edition' | 'translated';

export interface EditionLink {
  editionId: number;
  kind: EditionLinkKind;
}

/** The merged fields the links are read from (each null when no provider knows it). */
export interface EditionFacts {
  languageEditions: readonly LanguageEdition[] | null;
  translationInfo: Readonly<Record<string, unknown>> | null;
  originalWorkno: string | null;
}

/** A work code as DLsite writes it (`RJ01234567`), or a bare number; null for anything else. */
function editionId(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : null;
  return typeof value === 'string' ? parseWorkId(value) : null;
}

/** The links of one work, each edition once, the strongest relation kept (original > translation > edition). */
export function editionClaims(workId: number, facts: EditionFacts): EditionLink[] {
  const info = facts.translationInfo ?? {};
  const links = new Map<number, EditionLinkKind>();
  const add = (value: unknown, kind: EditionLinkKind) => {
    const id = editionId(value);
    if (id === null || id === workId || links.has(id)) return;
    links.set(id, kind);
  };
  add(facts.originalWorkno ?? info.original_workno ?? info.parent_workno, 'original');
  // A translation of a translation: its parent is another edition (itself a translation).
  add(info.parent_workno, 'edition');
  const children = Array.isArray(info.child_worknos) ? info.child_worknos : [];
  for (const child of children) add(child, 'translation');
  for (const edition of facts.languageEditions ?? []) add(edition.workno, 'edition');
  const saysTranslated = info.is_translation === true || info.is_child === true;
  const hasOriginal = [...links.values()].includes('original');
  const result = [...links].map(([id, kind]) => ({ editionId: id, kind }));
  if (saysTranslated && !hasOriginal) result.push({ editionId: workId, kind: 'translated' });
  return result;
}

/**
 * The edition's own language (the `lang` column behind `$lang:xx$`), in DLsite's spelling: the one its
 * metadata states, else `translation_info.lang`, else the one its list of editions gives its own code
 * (older sidecars carry only the list); null when nothing says. Other spellings (`en`, `zh-cn`) become
 * DLsite's codes, so the search finds them.
 */
export function editionLanguage(
  workId: number,
  values: Pick<ProviderMetadata, 'lang' | 'translationInfo' | 'languageEditions'>,
): string | null {
  const infoLang = values.translationInfo?.lang;
  const own = values.languageEditions?.find((edition) => editionId(edition.workno) === workId);
  const stated = [values.lang, typeof infoLang === 'string' ? infoLang : undefined, own?.lang].find(
    (lang): lang is string => lang !== undefined && lang.trim() !== '',
  );
  if (stated === undefined) return null;
  return editionLanguageOf(stated) ?? stated.trim().toUpperCase();
}

/** One link as stored: who says it, about which edition, and how they relate. */
export interface StoredEditionLink {
  workId: number;
  editionId: number;
  kind: EditionLinkKind;
}

/**
 * How each work of one group of editions relates to the others. `isTranslation` and `translationOf` are
 * the works columns `is_translation` (the "translated" filter) and `translation_of` (folding translations
 * into their original's card, `includeTranslationWorks=false`): migration 2026-11-25-0007.
 */
export interface EditionGroupPlacement {
  /** The group's key (its smallest id, present or not); null for a work with no other edition. */
  group: number | null;
  /** The original this work is a translation of, when the group names one. */
  translationOf: number | null;
  /** The metadata says this work is a translation (of a known original or not). */
  isTranslation: boolean;
}

/**
 * Places the works of one connected group of editions (every work linked to another, in either direction,
 * directly or through others). The group's original is the edition its links name as such; each other
 * work that a link calls a translation (its own `original` link, the original's `translation` link, or
 * its own `translated` flag) is a translation of it. Works only listed side by side (`edition`) stay
 * originals of their own: no card is folded into another on a guess.
 */
export function placeEditionGroup(
  members: ReadonlySet<number>,
  links: readonly StoredEditionLink[],
): Map<number, EditionGroupPlacement> {
  const originals = new Set<number>();
  const translations = new Set<number>();
  for (const link of links) {
    if (link.kind === 'original') {
      originals.add(link.editionId);
      translations.add(link.workId);
    } else if (link.kind === 'translation') {
      originals.add(link.workId);
      translations.add(link.editionId);
    } else if (link.kind === 'translated') {
      translations.add(link.workId);
    }
  }
  // A translation of a translation names its parent as well: the original is the one nobody translated.
  const roots = [...originals].filter((id) => !translations.has(id));
  const original = roots.length > 0 ? Math.min(...roots) : null;
  const group = members.size > 1 ? Math.min(...members) : null;
  const placements = new Map<number, EditionGroupPlacement>();
  for (const id of members) {
    const isTranslation = translations.has(id) && id !== original;
    placements.set(id, {
      group,
      translationOf: isTranslation && original !== null ? original : null,
      isTranslation,
    });
  }
  return placements;
}
