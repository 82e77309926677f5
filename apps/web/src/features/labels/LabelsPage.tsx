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
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigationType, useSearchParams } from 'react-router';
import { notifyError } from '../../lib/notify';
import { LABEL_KINDS, type LabelKind, useLabels } from './api';
import { filterLabels, type LabelSort, prepareLabels, sortLabels } from './filter';
import { LabelGrid } from './LabelGrid';

function kindOf(pathname: string): LabelKind {
  const first = pathname.split('/').filter(Boolean)[0];
  return (LABEL_KINDS as readonly string[]).includes(first ?? '') ? (first as LabelKind) : 'circles';
}

/** Marks the URL changes this screen makes, to tell them from Back, Forward and links. */
const OWN_CHANGE = { labelsPage: true } as const;
const isOwnChange = (state: unknown) => (state as Partial<typeof OWN_CHANGE> | null)?.labelsPage === true;

/** Circles, tags and voice actors: one screen restricted by kind (spec section 2). */
export default function LabelsPage() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigationType = useNavigationType();
  const kind = kindOf(location.pathname);
  const [params, setParams] = useSearchParams();
  const sort: LabelSort = params.get('sort') === 'count' ? 'count' : 'name';
  // The filter box keeps its text in state and the URL follows it. Bound to the URL alone, a key showed
  // only once the router had committed the new URL (in a transition, after the key's event), and React
  // put the old text back meanwhile: keys typed before that commit were lost on a busy page.
  const [filter, setFilter] = useState(() => params.get('q') ?? '');
  const [locationKey, setLocationKey] = useState(location.key);
  if (locationKey !== location.key) {
    setLocationKey(location.key);
    // A URL this screen did not write (Back, Forward, a link) brings its own filter.
    if (navigationType !== 'REPLACE' || !isOwnChange(location.state)) setFilter(params.get('q') ?? '');
  }
  const deferredFilter = useDeferredValue(filter);
  const { data, isPending, error } = useLabels(kind);

  useEffect(() => {
    if (error) notifyError(error, { ignoreUnauthorized: true });
  }, [error]);

  const language = i18n.language;
  const prepared = useMemo(() => prepareLabels(data ?? [], language), [data, language]);
  const sorted = useMemo(() => sortLabels(prepared, sort, language), [prepared, sort, language]);
  const shown = useMemo(() => filterLabels(sorted, deferredFilter), [sorted, deferredFilter]);

  const update = (key: 'q' | 'sort', value: string) => {
    if (key === 'q') setFilter(value);
    // The filter from the box: the URL's may not have caught up with the last keys yet.
    const changes = { q: filter, [key]: value };
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, text] of Object.entries(changes)) {
          if (text) next.set(name, text);
          else next.delete(name);
        }
        return next;
      },
      { replace: true, state: OWN_CHANGE },
    );
  };

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
