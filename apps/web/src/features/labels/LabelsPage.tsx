import {
  ActionIcon,
  Alert,
  Group,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useDeferredValue, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { notifyError } from '../../lib/notify';
import { LABEL_KINDS, type LabelKind, useLabels } from './api';
import { filterLabels, type LabelSort, prepareLabels, sortLabels } from './filter';
import { LabelGrid } from './LabelGrid';

function kindOf(pathname: string): LabelKind {
  const first = pathname.split('/').filter(Boolean)[0];
  return (LABEL_KINDS as readonly string[]).includes(first ?? '') ? (first as LabelKind) : 'circles';
}

/** Circles, tags and voice actors: one screen restricted by kind (spec section 2). */
export default function LabelsPage() {
  const { t, i18n } = useTranslation();
  const kind = kindOf(useLocation().pathname);
  const [params, setParams] = useSearchParams();
  const filter = params.get('q') ?? '';
  const sort: LabelSort = params.get('sort') === 'count' ? 'count' : 'name';
  const deferredFilter = useDeferredValue(filter);
  const { data, isPending, error } = useLabels(kind);

  useEffect(() => {
    if (error) notifyError(error, { ignoreUnauthorized: true });
  }, [error]);

  const language = i18n.language;
  const prepared = useMemo(() => prepareLabels(data ?? [], language), [data, language]);
  const sorted = useMemo(() => sortLabels(prepared, sort, language), [prepared, sort, language]);
  const shown = useMemo(() => filterLabels(sorted, deferredFilter), [sorted, deferredFilter]);

  const update = (key: 'q' | 'sort', value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={2}>{t(`labels.title.${kind}`)}</Title>
          {data && (
            <Text size="sm" c="dimmed">
              {t('labels.shown', { shown: shown.length, total: data.length })}
            </Text>
          )}
        </Stack>
        <SegmentedControl
          aria-label={t('labels.sortBy')}
          value={sort}
          onChange={(value) => update('sort', value === 'count' ? 'count' : '')}
          data={[
            { value: 'name', label: t('labels.byName') },
            { value: 'count', label: t('labels.byCount') },
          ]}
        />
      </Group>
      <TextInput
        value={filter}
        onChange={(event) => update('q', event.currentTarget.value)}
        placeholder={t(`labels.filter.${kind}`)}
        aria-label={t(`labels.filter.${kind}`)}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          filter ? (
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={() => update('q', '')}
              aria-label={t('labels.clearFilter')}
            >
              <IconX size={14} />
            </ActionIcon>
          ) : null
        }
        radius="xl"
        size="md"
      />
      {isPending ? (
        <Stack gap="xs" aria-busy>
          {Array.from({ length: 8 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={index} height={44} radius="md" />
          ))}
        </Stack>
      ) : shown.length === 0 ? (
        <Alert variant="light" color="gray">
          {filter ? t('labels.noMatch', { filter }) : t('labels.empty')}
        </Alert>
      ) : (
        <LabelGrid key={kind} kind={kind} items={shown} />
      )}
    </Stack>
  );
}
