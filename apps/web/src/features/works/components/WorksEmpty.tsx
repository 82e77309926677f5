import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMoodEmpty } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { WorksSource } from '../list-state';

interface WorksEmptyProps {
  source: WorksSource;
  subtitle: boolean;
  translated: boolean;
  pastEnd: boolean;
  onSubtitle(value: boolean): void;
  onTranslated(value: boolean): void;
  onFirstPage(): void;
}

/** A friendly empty state that says why and offers the way out. */
export function WorksEmpty(props: WorksEmptyProps) {
  const { source, subtitle, translated, pastEnd, onSubtitle, onTranslated, onFirstPage } = props;
  const { t } = useTranslation();
  let message: string;
  if (pastEnd) message = t('works.empty.pastEnd');
  else if (source.kind === 'search') message = t('works.empty.search', { keyword: source.keyword });
  else if (subtitle) message = t('works.empty.subtitle');
  else if (translated) message = t('works.empty.translated');
  else if (source.kind === 'all') message = t('works.empty.library');
  else message = t('works.empty.filtered');
  return (
    <Stack align="center" gap="sm" py={48} px="md" ta="center">
      <ThemeIcon size={64} radius="xl" variant="light" color="gray">
        <IconMoodEmpty size={36} />
      </ThemeIcon>
      <Title order={2} fz="h4">
        {t('works.empty.title')}
      </Title>
      <Text c="dimmed" maw={460}>
        {message}
      </Text>
      <Group gap="sm" justify="center">
        {pastEnd && <Button onClick={onFirstPage}>{t('works.empty.firstPage')}</Button>}
        {!pastEnd && subtitle && (
          <Button variant="light" onClick={() => onSubtitle(false)}>
            {t('works.empty.withoutSubtitle')}
          </Button>
        )}
        {!pastEnd && translated && (
          <Button variant="light" onClick={() => onTranslated(false)}>
            {t('works.empty.notOnlyTranslated')}
          </Button>
        )}
        {!pastEnd && source.kind !== 'all' && (
          <Button variant="default" component={Link} to="/works">
            {t('works.empty.showAll')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
