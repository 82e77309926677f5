import { Autocomplete, Select, TagsInput, TextInput } from '@mantine/core';
import { AGE_RATINGS, type Tag, type WorkMetadataView } from '@sasayaki/api-contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLabelSuggestions } from './api';
import { type AgeRating, type DraftField, type EditDraft, fieldState } from './edit-draft';
import { FieldRow } from './FieldRow';
import { TagPicker } from './TagPicker';

interface MetadataFieldsProps {
  view: WorkMetadataView;
  draft: EditDraft;
  currentTags: Tag[];
  errors: Partial<Record<string, string>>;
  reverting: DraftField | null;
  onChange(change: Partial<EditDraft>): void;
  onRevert(field: DraftField): void;
}

/** The Edit dialog's inputs, each with its source and revert button. */
export function MetadataFields({
  view,
  draft,
  currentTags,
  errors,
  reverting,
  onChange,
  onRevert,
}: MetadataFieldsProps) {
  const { t } = useTranslation();
  const circles = useLabelSuggestions('circles');
  const vas = useLabelSuggestions('vas');
  const names = (labels: typeof circles.data) => [...new Set((labels ?? []).map((label) => label.name))];
  const row = (field: DraftField, input: ReactNode) => (
    <FieldRow
      key={field}
      label={t(`workEdit.fields.${field}`)}
      state={fieldState(view, field)}
      reverting={reverting === field}
      onRevert={() => onRevert(field)}
    >
      {input}
    </FieldRow>
  );
  // Inside a full-screen sheet on phones, lists stay in the dialog rather than in a portal.
  const combobox = { withinPortal: false };

  return (
    <>
      {row(
        'title',
        <TextInput
          label={t('workEdit.fields.title')}
          value={draft.title}
          onChange={(event) => onChange({ title: event.currentTarget.value })}
          error={errors.title}
          maxLength={500}
          data-autofocus
        />,
      )}
      {row(
        'circle',
        <Autocomplete
          label={t('workEdit.fields.circle')}
          description={t('workEdit.people.suggestions')}
          data={names(circles.data)}
          value={draft.circle}
          onChange={(circle) => onChange({ circle })}
          error={errors.circle}
          limit={20}
          maxLength={200}
          comboboxProps={combobox}
        />,
      )}
      {row(
        'vas',
        <TagsInput
          label={t('workEdit.fields.vas')}
          description={t('workEdit.people.suggestions')}
          data={names(vas.data)}
          value={draft.vas}
          onChange={(list) => onChange({ vas: list })}
          error={errors.vas}
          limit={20}
          clearable
          comboboxProps={combobox}
        />,
      )}
      {row(
        'tags',
        <TagPicker
          tagIds={draft.tagIds}
          newTags={draft.newTags}
          current={currentTags}
          error={errors.tags}
          onChange={(tagIds, newTags) => onChange({ tagIds, newTags })}
        />,
      )}
      {row(
        'release',
        <TextInput
          type="date"
          label={t('workEdit.fields.release')}
          value={draft.release}
          onChange={(event) => onChange({ release: event.currentTarget.value })}
          error={errors.release}
        />,
      )}
      {row(
        'age',
        <Select
          label={t('workEdit.fields.age')}
          data={AGE_RATINGS.map((age) => ({ value: age, label: t(`workEdit.ages.${age}`) }))}
          value={draft.age}
          onChange={(age) => onChange({ age: age as AgeRating | null })}
          error={errors.age}
          allowDeselect={false}
          comboboxProps={combobox}
        />,
      )}
      {row(
        'price',
        <TextInput
          label={t('workEdit.fields.price')}
          inputMode="numeric"
          value={draft.price}
          onChange={(event) => onChange({ price: event.currentTarget.value })}
          error={errors.price}
        />,
      )}
      {row(
        'series',
        <TextInput
          label={t('workEdit.fields.series')}
          value={draft.series}
          onChange={(event) => onChange({ series: event.currentTarget.value })}
          error={errors.series}
          maxLength={300}
        />,
      )}
    </>
  );
}
