import {
  Accordion,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Rating,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { ReviewedWork } from '@sasayaki/api-contract';
import { IconFolder } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PROGRESS_COLORS, progressLabelKey } from '../../../components/review/progress';
import { Cover } from '../../../components/work/Cover';
import { notifyError } from '../../../lib/notify';
import { useAllFavourites } from '../api';
import { groupByCircle } from '../group';
import { PlaylistsPanel } from '../playlists/PlaylistsPanel';
import { EmptyState } from './EmptyState';

function FolderRow({ work }: { work: ReviewedWork }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" wrap="nowrap" py={6}>
      <Box w={48} style={{ flex: '0 0 auto', borderRadius: 6, overflow: 'hidden' }}>
        <Cover work={work} size="thumb" overlays={false} />
      </Box>
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Anchor component={Link} to={`/work/${work.source_id}`} fz="sm" lineClamp={1}>
          {work.title}
        </Anchor>
        <Group gap={6}>
          <Text span fz="xs" c="dimmed" ff="monospace">
            {work.source_id}
          </Text>
          {work.progress && (
            <Badge size="xs" variant="light" color={PROGRESS_COLORS[work.progress]}>
              {t(progressLabelKey(work.progress))}
            </Badge>
          )}
        </Group>
      </Stack>
      {work.userRating ? (
        <Rating
          value={work.userRating}
          fractions={2}
          readOnly
          size="xs"
          aria-label={`${work.userRating} / 5`}
        />
      ) : (
        <Text fz="xs" c="dimmed">
          {t('favourites.folder.notRated')}
        </Text>
      )}
    </Group>
  );
}

/** The folder view: the user's playlists, then their favourites grouped by circle. */
export function FolderView({ userName }: { userName: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Title order={3}>{t('favourites.playlists.heading')}</Title>
      <PlaylistsPanel userName={userName} />
      <CircleFolders />
    </Stack>
  );
}

/** The user's favourites grouped by circle: collapsible groups with counts. */
function CircleFolders() {
  const { t, i18n } = useTranslation();
  const { data, isPending, error } = useAllFavourites();
  const groups = useMemo(() => groupByCircle(data ?? [], i18n.language), [data, i18n.language]);
  const [open, setOpen] = useState<string[] | null>(null);

  useEffect(() => {
    if (error) notifyError(error, { ignoreUnauthorized: true });
  }, [error]);

  if (isPending) return <Skeleton height={240} radius="md" />;
  if (groups.length === 0) return <EmptyState message={t('favourites.empty.folder')} />;
  // Few groups start open; many start closed so the circles can be scanned at a glance.
  const expanded = open ?? (groups.length <= 6 ? groups.map((group) => group.key) : []);
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {t('favourites.folder.summary', { works: data?.length ?? 0, circles: groups.length })}
        </Text>
        <Group gap="xs">
          <Button variant="subtle" size="xs" onClick={() => setOpen(groups.map((group) => group.key))}>
            {t('favourites.folder.expandAll')}
          </Button>
          <Button variant="subtle" size="xs" onClick={() => setOpen([])}>
            {t('favourites.folder.collapseAll')}
          </Button>
        </Group>
      </Group>
      <Accordion multiple value={expanded} onChange={setOpen} variant="separated" radius="md">
        {groups.map((group) => (
          <Accordion.Item key={group.key} value={group.key}>
            <Accordion.Control icon={<IconFolder size={18} aria-hidden />}>
              <Group gap="xs" wrap="nowrap">
                <Text fw={500} truncate="end">
                  {group.circle?.name ?? t('favourites.folder.unknownCircle')}
                </Text>
                <Badge variant="light" size="sm" radius="sm">
                  {group.works.length}
                </Badge>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <Stack gap={0}>
                {group.works.map((work) => (
                  <FolderRow key={work.id} work={work} />
                ))}
                {group.circle && (
                  <Anchor component={Link} to={`/works?circleId=${group.circle.id}`} fz="xs" mt="xs">
                    {t('favourites.folder.openCircle')}
                  </Anchor>
                )}
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}
