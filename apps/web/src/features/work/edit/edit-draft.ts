import type {
  ErrorBody,
  NewTagNames,
  Work,
  WorkMetadataEdit,
  WorkMetadataView,
} from '@sasayaki/api-contract';

export type AgeRating = NonNullable<WorkMetadataView['fields']['age']['value']>;

/** The dialog's form: every field as its input holds it. */
export interface EditDraft {
  title: string;
  circle: string;
  vas: string[];
  /** Existing tags by id. */
  tagIds: number[];
  /** Tags to create, each with its three names. */
  newTags: NewTagNames[];
  /** YYYY-MM-DD, or '' when unknown. */
  release: string;
  age: AgeRating | null;
  /** The input's text, so that a half-typed or bad value reaches the server's check as it is. */
  price: string;
  series: string;
}

/** The fields the form sends, as the server names them (`errors[].param` starts with these). */
export const DRAFT_FIELDS = ['title', 'circle', 'vas', 'tags', 'release', 'age', 'price', 'series'] as const;
export type DraftField = (typeof DRAFT_FIELDS)[number];

/** What the work shows now. Labels come from the work itself: its tags carry the catalogue's ids. */
export function initialDraft(view: WorkMetadataView, work: Pick<Work, 'tags'>): EditDraft {
  const { fields } = view;
  return {
    title: fields.title.value ?? '',
    circle: fields.circle.value?.name ?? '',
    vas: (fields.vas.value ?? []).map((va) => va.name),
    tagIds: work.tags.map((tag) => tag.id),
    newTags: [],
    release: fields.release.value ?? '',
    age: fields.age.value,
    price: fields.price.value === null ? '' : String(fields.price.value),
    series: fields.series.value?.name ?? '',
  };
}

const sameList = <T>(a: readonly T[], b: readonly T[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);

/**
 * The request body: only the fields the administrator changed (an untouched field stays with its source,
 * so a later DLsite refresh can still improve it). A price that is not a number is sent as typed, for
 * the server to name it.
 */
export function changedFields(before: EditDraft, after: EditDraft): WorkMetadataEdit {
  const body: Record<string, unknown> = {};
  if (after.title !== before.title) body.title = after.title;
  if (after.circle !== before.circle) body.circle = after.circle;
  if (!sameList(after.vas, before.vas)) body.vas = after.vas;
  if (!sameList(after.tagIds, before.tagIds) || after.newTags.length > 0)
    body.tags = [...after.tagIds, ...after.newTags.map((names) => ({ names }))];
  if (after.release !== before.release) body.release = after.release;
  if (after.age !== before.age && after.age !== null) body.age = after.age;
  if (after.price !== before.price) {
    const trimmed = after.price.trim();
    body.price = /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
  }
  if (after.series !== before.series) body.series = after.series;
  return body as WorkMetadataEdit;
}

/** The server's field errors by form field: `tags.2` is the tags field's, `cover.fileId` the cover's. */
export function errorsByField(errors: NonNullable<ErrorBody['errors']>): Partial<Record<string, string>> {
  const byField: Partial<Record<string, string>> = {};
  for (const error of errors) {
    const field = error.param.split('.')[0] ?? error.param;
    byField[field] ??= error.msg;
  }
  return byField;
}

type Fields = WorkMetadataView['fields'];

/** A field's value as one line of text, for "revert to …". */
export function valueText<F extends DraftField>(field: F, value: Fields[F]['value']): string {
  if (value === null) return '';
  switch (field) {
    case 'circle':
    case 'series':
      return (value as { name: string }).name;
    case 'vas':
    case 'tags':
      return (value as Array<{ name: string }>).map((label) => label.name).join(', ');
    default:
      return String(value);
  }
}

/** Where a field's value comes from, whether it is edited, and what a revert would give. */
export function fieldState<F extends DraftField>(view: WorkMetadataView, field: F) {
  const state = view.fields[field];
  const first = state.providers[0];
  return {
    source: state.source,
    edited: state.edit !== null,
    fallback: first
      ? { text: valueText(field, first.value as Fields[F]['value']), provider: first.provider }
      : null,
  };
}
