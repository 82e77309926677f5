import type { WorkMetadataView } from '@sasayaki/api-contract';
import { describe, expect, it } from 'vitest';
import {
  changedFields,
  errorsByField,
  fieldState,
  initialDraft,
} from '../../src/features/work/edit/edit-draft';

const empty = { value: null, source: null, providers: [], edit: null };

function view(fields: Partial<WorkMetadataView['fields']>): WorkMetadataView {
  return {
    id: 1,
    source_id: 'RJ000001',
    fields: {
      title: empty,
      circle: empty,
      vas: empty,
      tags: empty,
      release: empty,
      age: empty,
      price: empty,
      series: empty,
      ...fields,
    },
    cover: { edit: null, images: [] },
  };
}

const tag = { id: 7, name: '癒し', i18n: {} };

describe('the Edit dialog draft', () => {
  const before = initialDraft(
    view({
      title: {
        value: 'Old',
        source: 'folder',
        providers: [{ provider: 'folder', value: 'Old' }],
        edit: null,
      },
      price: { value: 990, source: 'dlsite', providers: [{ provider: 'dlsite', value: 990 }], edit: null },
    }),
    { tags: [tag] },
  );

  it('starts from what the work shows, with the work’s own tag ids', () => {
    expect(before).toMatchObject({ title: 'Old', price: '990', tagIds: [7], release: '', circle: '' });
  });

  it('sends only the fields that changed', () => {
    expect(changedFields(before, before)).toEqual({});
    expect(changedFields(before, { ...before, title: 'New', release: '2024-05-01' })).toEqual({
      title: 'New',
      release: '2024-05-01',
    });
  });

  it('sends the tags whole, existing ids and new tags with their three names', () => {
    const names = { 'ja-jp': '耳かき', 'en-us': 'Ear cleaning', 'zh-cn': '掏耳朵' };
    expect(changedFields(before, { ...before, newTags: [names] })).toEqual({ tags: [7, { names }] });
    expect(changedFields(before, { ...before, tagIds: [] })).toEqual({ tags: [] });
  });

  it('sends a price that is not a number as typed, so the server names the field', () => {
    expect(changedFields(before, { ...before, price: '1200' })).toEqual({ price: 1200 });
    expect(changedFields(before, { ...before, price: '-5' })).toEqual({ price: -5 });
    expect(changedFields(before, { ...before, price: 'abc' })).toEqual({ price: 'abc' });
  });

  it('maps the server’s field errors to the form’s fields', () => {
    expect(
      errorsByField([
        { param: 'tags.2', location: 'body', msg: 'no tag has this id' },
        { param: 'tags.3', location: 'body', msg: 'no tag has this id either' },
        { param: 'release', location: 'body', msg: 'must be a date YYYY-MM-DD' },
      ]),
    ).toEqual({ tags: 'no tag has this id', release: 'must be a date YYYY-MM-DD' });
  });

  it('says what a revert gives: the first provider’s value', () => {
    const edited = view({
      circle: {
        value: { id: null, name: 'Mine' },
        source: 'edit',
        providers: [{ provider: 'dlsite', value: { id: 5, name: 'そよかぜ' } }],
        edit: { value: { id: null, name: 'Mine' }, edited_at: '2026-11-25T00:00:00Z', edited_by: 'admin' },
      },
    });
    expect(fieldState(edited, 'circle')).toEqual({
      source: 'edit',
      edited: true,
      fallback: { text: 'そよかぜ', provider: 'dlsite' },
    });
    expect(fieldState(edited, 'title')).toEqual({ source: null, edited: false, fallback: null });
  });
});
