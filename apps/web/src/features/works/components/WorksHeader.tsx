import { Group, Skeleton, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { localTagName } from '../../../components/work/tag-name';
import { useLabel } from '../api';
import type { WorksSource } from '../list-state';

/** The page title per source (all works, a search, a circle, tag or VA by name) and the total count. */
export function WorksHeader({ source, total }: { source: WorksSource; total: number | undefined }) {
  const { t, i18n } = useTranslation();
  const label = useLabel(source);
  let title: string | null;
  if (source.kind === 'all') title = t('works.title.all');
  else if (source.kind === 'search') title = t('works.title.search', { keyword: source.keyword });
  else if (label.data)
    title = t(`works.title.${source.kind}`, { name: localTagName(label.data, i18n.language) });
  else title = label.isError ? t(`works.title.${source.kind}`, { name: source.id }) : null;

  return (
    <Group gap="sm" align="baseline" wrap="wrap">
      {title === null ? (
        <Skeleton height={28} width={220} />
      ) : (
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }} style={{ wordBreak: 'break-word' }}>
          {title}
        </Title>
      )}
      {total !== undefined && (
        <Text c="dimmed" fz="sm" aria-live="polite">
          {t('works.total', { count: total })}
        </Text>
      )}
    </Group>
  );
}
