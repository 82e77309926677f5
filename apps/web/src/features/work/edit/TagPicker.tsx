import { Button, Group, MultiSelect, Pill, Stack, Text, TextInput } from '@mantine/core';
import type { NewTagNames, Tag } from '@sasayaki/api-contract';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localTagName } from '../../../components/work/tag-name';
import { useLabelSuggestions } from './api';

interface TagPickerProps {
  tagIds: number[];
  newTags: NewTagNames[];
  /** The work's tags: shown even before the tag list has loaded. */
  current: Tag[];
  error?: string;
  onChange(tagIds: number[], newTags: NewTagNames[]): void;
}

const EMPTY_NAMES: NewTagNames = { 'ja-jp': '', 'en-us': '', 'zh-cn': '' };
const NAME_FIELDS = [
  ['ja-jp', 'workEdit.tags.ja'],
  ['en-us', 'workEdit.tags.en'],
  ['zh-cn', 'workEdit.tags.zh'],
] as const;

/** Existing tags by search, and new tags with their Japanese, English and Chinese names. */
export function TagPicker({ tagIds, newTags, current, error, onChange }: TagPickerProps) {
  const { t, i18n } = useTranslation();
  const tags = useLabelSuggestions('tags');
  const [adding, setAdding] = useState(false);
  const [names, setNames] = useState<NewTagNames>(EMPTY_NAMES);
  const [namesError, setNamesError] = useState<string | null>(null);

  const data = useMemo(() => {
    const byId = new Map<number, string>();
    for (const tag of [...current, ...(tags.data ?? [])])
      if (typeof tag.id === 'number') byId.set(tag.id, localTagName(tag, i18n.language));
    return [...byId].map(([id, label]) => ({ value: String(id), label }));
  }, [current, tags.data, i18n.language]);

  const addTag = () => {
    const trimmed = Object.fromEntries(
      Object.entries(names).map(([language, name]) => [language, name.trim()]),
    ) as NewTagNames;
    if (Object.values(trimmed).some((name) => !name)) {
      setNamesError(t('workEdit.tags.allNames'));
      return;
    }
    // The same new tag twice is one tag.
    if (!newTags.some((tag) => tag['ja-jp'] === trimmed['ja-jp'])) onChange(tagIds, [...newTags, trimmed]);
    setNames(EMPTY_NAMES);
    setNamesError(null);
    setAdding(false);
  };

  return (
    <Stack gap="xs">
      <MultiSelect
        label={t('workEdit.fields.tags')}
        placeholder={t('workEdit.tags.search')}
        data={data}
        value={tagIds.map(String)}
        onChange={(values) => onChange(values.map(Number), newTags)}
        searchable
        clearable
        nothingFoundMessage={t('workEdit.tags.nothingFound')}
        error={error}
        comboboxProps={{ withinPortal: false }}
      />
      {newTags.length > 0 && (
        <Pill.Group>
          {newTags.map((tag, index) => (
            <Pill
              key={tag['ja-jp']}
              withRemoveButton
              removeButtonProps={{ 'aria-label': t('workEdit.tags.remove', { name: tag['ja-jp'] }) }}
              onRemove={() =>
                onChange(
                  tagIds,
                  newTags.filter((_, other) => other !== index),
                )
              }
            >
              {tag['ja-jp']} · {tag['en-us']} · {tag['zh-cn']}
            </Pill>
          ))}
        </Pill.Group>
      )}
      {adding ? (
        <Stack
          gap={6}
          p="xs"
          style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}
        >
          <Text fz="sm" fw={500}>
            {t('workEdit.tags.names')}
          </Text>
          {NAME_FIELDS.map(([language, label]) => (
            <TextInput
              key={language}
              label={t(label)}
              value={names[language]}
              onChange={(event) => setNames({ ...names, [language]: event.currentTarget.value })}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  addTag();
                }
              }}
              maxLength={200}
            />
          ))}
          {namesError && (
            <Text fz="xs" c="red" role="alert">
              {namesError}
            </Text>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" size="xs" onClick={() => setAdding(false)}>
              {t('workEdit.cancel')}
            </Button>
            <Button size="xs" onClick={addTag}>
              {t('workEdit.tags.create')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => setAdding(true)}
          >
            {t('workEdit.tags.add')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
