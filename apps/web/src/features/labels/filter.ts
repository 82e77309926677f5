import type { LabelWithCount } from '@sasayaki/api-contract';
import { FALLBACK_LANGUAGE, LANGUAGES, type Language, TAG_LANGUAGE } from '../../i18n/languages';

export type LabelSort = 'name' | 'count';

export interface LabelItem {
  label: LabelWithCount;
  /** The name shown: a tag's name in the interface language, else its default name. */
  display: string;
  /** Every name (default and each language), normalised, for the filter. */
  search: string;
  /** Every distinct name, for a tooltip. */
  names: string[];
}

export function normalise(text: string): string {
  return text.normalize('NFKC').toLocaleLowerCase();
}

function asLanguage(language: string): Language {
  return (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : FALLBACK_LANGUAGE;
}

/** Prepares labels once: display names in the interface language and a search text over every name. */
export function prepareLabels(labels: readonly LabelWithCount[], language: string): LabelItem[] {
  const key = TAG_LANGUAGE[asLanguage(language)];
  return labels.map((label) => {
    const localised = Object.values(label.i18n ?? {})
      .map((entry) => entry?.name?.trim())
      .filter((name): name is string => Boolean(name));
    const names = [...new Set([label.name, ...localised])];
    return {
      label,
      display: label.i18n?.[key]?.name?.trim() || label.name,
      search: names.map(normalise).join('\n'),
      names,
    };
  });
}

/** Keeps the labels whose names (in any language) contain every word of the filter. */
export function filterLabels(items: readonly LabelItem[], filter: string): readonly LabelItem[] {
  const words = normalise(filter).split(/\s+/).filter(Boolean);
  if (words.length === 0) return items;
  return items.filter((item) => words.every((word) => item.search.includes(word)));
}

/** By name (natural, case-insensitive, in the interface language's collation) or by count, most first. */
export function sortLabels(items: readonly LabelItem[], by: LabelSort, language: string): LabelItem[] {
  const collator = new Intl.Collator(language, { numeric: true, sensitivity: 'base' });
  const byName = (a: LabelItem, b: LabelItem) => collator.compare(a.display, b.display);
  return [...items].sort(by === 'count' ? (a, b) => b.label.count - a.label.count || byName(a, b) : byName);
}
