import { Anchor, Box, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { HistoryWork } from '@sasayaki/api-contract';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Cover } from '../../../components/work/Cover';
import { CircleLink } from '../../../components/work/chips';
import { notifyError } from '../../../lib/notify';
import { useHistory } from '../api';
import { formatDate, formatDuration } from '../format';
import { EmptyState } from './EmptyState';
import { ListPagination } from './ListPagination';

function HistoryRow({ work, eager }: { work: HistoryWork; eager: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <Paper withBorder radius="md" p="sm" component="article">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <Box w={{ base: 64, sm: 88 }} style={{ flex: '0 0 auto', borderRadius: 8, overflow: 'hidden' }}>
          <Cover work={work} size="thumb" overlays={false} eager={eager} />
        </Box>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Anchor component={Link} to={`/work/${work.source_id}`} fz="sm" fw={500} lineClamp={2}>
            {work.title}
          </Anchor>
          <Group gap={6} wrap="nowrap">
            <Text span fz="xs" c="dimmed" ff="monospace">
              {work.source_id}
            </Text>
            <CircleLink work={work} fz="xs" />
          </Group>
          <Text fz="xs" c="dimmed">
            {t('favourites.history.playedAt', { date: formatDate(work.lastPlayedAt, i18n.language) })}
          </Text>
          <Button
            component={Link}
            to={`/work/${work.source_id}`}
            variant="light"
            size="xs"
            leftSection={<IconPlayerPlay size={14} aria-hidden />}
            maw="100%"
            w="fit-content"
            mt={4}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'start' } }}
          >
            {work.lastFileTitle
              ? t('favourites.history.resumeTrack', {
                  title: work.lastFileTitle,
                  time: formatDuration(work.lastPosition),
                })
              : t('favourites.history.resume', { time: formatDuration(work.lastPosition) })}
          </Button>
        </Stack>
      </Group>
    </Paper>
  );
}

/** Listening history (`GET /api/playback`): where the user stopped in each work, newest first. */
export function HistoryView() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, isPending, error } = useHistory(page);

  useEffect(() => {
    if (error) notifyError(error, { ignoreUnauthorized: true });
  }, [error]);

  if (isPending) {
    return (
      <Stack gap="sm">
        {Array.from({ length: 4 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={index} height={96} radius="md" />
        ))}
      </Stack>
    );
  }
  if (!data || data.works.length === 0) return <EmptyState message={t('favourites.empty.history')} />;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('favourites.total', { count: data.pagination.totalCount })}
      </Text>
      {data.works.map((work, index) => (
        <HistoryRow key={work.id} work={work} eager={index < 4} />
      ))}
      <ListPagination
        page={page}
        pageSize={data.pagination.pageSize}
        totalCount={data.pagination.totalCount}
        onChange={(next) => setParams(next > 1 ? { page: String(next) } : {})}
      />
    </Stack>
  );
}
