import { describe, expect, it } from 'vitest';
import {
  editionClaims,
  editionLanguage,
  placeEditionGroup,
  type StoredEditionLink,
} from '../../../src/metadata/edition-claims.js';

const none = { languageEditions: null, translationInfo: null, originalWorkno: null };
const editions = (...codes: string[]) =>
  codes.map((workno, index) => ({
    workno,
    lang: ['JPN', 'ENG', 'CHI_HANS'][index] ?? 'KO_KR',
    label: workno,
    display_order: index,
  }));

describe('editionClaims', () => {
  it('names nothing for a work without edition metadata', () => {
    expect(editionClaims(1, none)).toEqual([]);
  });

  it("reads a translation's original, a parent that is not the original, and 8-digit codes", () => {
    expect(
      editionClaims(1234567, {
        ...none,
        translationInfo: { is_translation: true, original_workno: 'RJ123456', parent_workno: 'RJ01000000' },
      }),
    ).toEqual([
      { editionId: 123456, kind: 'original' },
      { editionId: 1000000, kind: 'edition' },
    ]);
    expect(editionClaims(200, { ...none, originalWorkno: 'RJ000100' })).toEqual([
      { editionId: 100, kind: 'original' },
    ]);
  });

  it("reads an original's children and every language edition once, leaving itself out", () => {
    expect(
      editionClaims(100, {
        languageEditions: editions('RJ000100', 'RJ000200', 'RJ000300'),
        translationInfo: { is_original: true, child_worknos: ['RJ000200', 'not a code'] },
        originalWorkno: null,
      }),
    ).toEqual([
      { editionId: 200, kind: 'translation' },
      { editionId: 300, kind: 'edition' },
    ]);
  });

  it('marks a translation whose original is not named by a link to itself', () => {
    expect(editionClaims(5, { ...none, translationInfo: { is_child: true } })).toEqual([
      { editionId: 5, kind: 'translated' },
    ]);
    // The original's permission to translate says nothing about this work.
    expect(editionClaims(5, { ...none, translationInfo: { is_translation_agree: true } })).toEqual([]);
  });
});

describe('placeEditionGroup', () => {
  const link = (workId: number, editionId: number, kind: StoredEditionLink['kind']) => ({
    workId,
    editionId,
    kind,
  });

  it('makes the named original the group key and every other edition its translation, whoever said it', () => {
    const placed = placeEditionGroup(new Set([100, 200, 300]), [
      link(200, 100, 'original'),
      link(100, 300, 'translation'),
    ]);
    expect(placed.get(100)).toEqual({ group: 100, translationOf: null, isTranslation: false });
    expect(placed.get(200)).toEqual({ group: 100, translationOf: 100, isTranslation: true });
    expect(placed.get(300)).toEqual({ group: 100, translationOf: 100, isTranslation: true });
  });

  it('folds nothing into a work the links only list side by side', () => {
    const placed = placeEditionGroup(new Set([100, 200]), [link(100, 200, 'edition')]);
    expect(placed.get(200)).toEqual({ group: 100, translationOf: null, isTranslation: false });
  });

  it('takes the work nobody translated as the original of a translation of a translation', () => {
    const placed = placeEditionGroup(new Set([100, 200, 300]), [
      link(200, 100, 'original'),
      link(300, 200, 'original'),
    ]);
    expect(placed.get(300)?.translationOf).toBe(100);
  });

  it('keeps a lone translation a translation, without a group', () => {
    expect(placeEditionGroup(new Set([5]), [link(5, 5, 'translated')]).get(5)).toEqual({
      group: null,
      translationOf: null,
      isTranslation: true,
    });
  });
});

describe('editionLanguage', () => {
  it('takes the stated language, then translation_info.lang, then its own entry in the list of editions', () => {
    expect(editionLanguage(101, { lang: 'ENG', translationInfo: { lang: 'KO_KR' } })).toBe('ENG');
    expect(editionLanguage(101, { translationInfo: { lang: 'CHI_HANT' } })).toBe('CHI_HANT');
    expect(editionLanguage(102, { languageEditions: editions('RJ000100', 'RJ000101', 'RJ000102') })).toBe(
      'CHI_HANS',
    );
  });

  it("writes other spellings as DLsite's codes, and says nothing when nothing says", () => {
    expect(editionLanguage(1, { lang: 'zh-cn' })).toBe('CHI_HANS');
    expect(editionLanguage(1, { lang: ' en ' })).toBe('ENG');
    expect(editionLanguage(1, { lang: 'tlh' })).toBe('TLH');
    expect(editionLanguage(103, { lang: ' ', languageEditions: editions('RJ000100') })).toBeNull();
    expect(editionLanguage(1, {})).toBeNull();
  });
});
