import { ActionIcon, Anchor, Badge, Box, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Playlist } from '@sasayaki/api-contract';
import { IconArrowDown, IconArrowUp, IconHeart, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Cover } from '../../../components/work/Cover';
import { usePlaylistWorks, usePlaylistWrites } from './api';
import { isSystemPlaylist, playlistName, privacyKey } from './names';
import { PlaylistForm } from './PlaylistForm';

/**
 * One playlist: its works in order. The owner reorders with the up and down buttons (on phones as on
 * desktops), removes works, edits or deletes it; others like it.
 */
export function PlaylistDetail({
  playlist,
  mine,
  liked,
}: {
  playlist: Playlist;
  mine: boolean;
  liked: boolean;
}) {
  const { t } = useTranslation();
  const { data, isPending } = usePlaylistWorks(playlist.id);
  const writes = usePlaylistWrites();
  const [editing, setEditing] = useState(false);
  const works = data?.works ?? [];
  const system = isSystemPlaylist(playlist);
  // Up: after the work two above (or first); down: after the work below.
  const moveUp = (index: number) =>
    writes.move.mutate({ id: playlist.id, work: works[index]?.id ?? 0, after: works[index - 2]?.id ?? null });
  const moveDown = (index: number) =>
    writes.move.mutate({ id: playlist.id, work: works[index]?.id ?? 0, after: works[index + 1]?.id ?? null });
  return (
    <Stack gap="sm" data-testid="playlist-detail">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Title order={3}>{playlistName(playlist, t)}</Title>
          <Group gap="xs">
            <Badge variant="light">{t(privacyKey(playlist.privacy))}</Badge>
            <Text fz="xs" c="dimmed">
              {t('favourites.playlists.counts', {
                works: playlist.works_count,
                plays: playlist.playback_count,
                likes: playlist.likes_count,
              })}
            </Text>
            {!mine && (
              <Text fz="xs" c="dimmed">
                {t('favourites.playlists.by', { name: playlist.user_name })}
              </Text>
            )}
          </Group>
        </Stack>
        {mine ? (
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPencil size={14} />}
              onClick={() => setEditing(true)}
            >
              {t('favourites.playlists.edit')}
            </Button>
            {!system && (
              <Button
                size="xs"
                variant="light"
                color="red"
                leftSection={<IconTrash size={14} />}
                onClick={() =>
                  window.confirm(t('favourites.playlists.confirmDelete')) && writes.remove.mutate(playlist.id)
                }
              >
                {t('favourites.playlists.delete')}
              </Button>
            )}
          </Group>
        ) : (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconHeart size={14} />}
            onClick={() => writes.like.mutate({ id: playlist.id, liked: !liked })}
          >
            {t(liked ? 'favourites.playlists.unlike' : 'favourites.playlists.like')}
          </Button>
        )}
      </Group>
      {playlist.description && <Text fz="sm">{playlist.description}</Text>}
      {isPending ? (
        <Skeleton height={120} />
      ) : works.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {t('favourites.playlists.emptyPlaylist')}
        </Text>
      ) : (
        <Stack gap={0}>
          {works.map((work, index) => (
            <Group key={work.id} gap="sm" wrap="nowrap" py={6}>
              <Box w={48} style={{ flex: '0 0 auto', borderRadius: 6, overflow: 'hidden' }}>
                <Cover work={work} size="thumb" overlays={false} />
              </Box>
              <Anchor
                component={Link}
                to={`/work/${work.source_id}`}
                fz="sm"
                lineClamp={1}
                style={{ flex: 1 }}
              >
                {work.title}
              </Anchor>
              {mine && (
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('favourites.playlists.moveUp')}
                    disabled={index === 0}
                    onClick={() => moveUp(index)}
                  >
                    <IconArrowUp size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('favourites.playlists.moveDown')}
                    disabled={index === works.length - 1}
                    onClick={() => moveDown(index)}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('favourites.playlists.removeWork')}
                    onClick={() => writes.removeWork.mutate({ id: playlist.id, work: work.id })}
                  >
                    <IconX size={16} />
                  </ActionIcon>
                </Group>
              )}
            </Group>
          ))}
        </Stack>
      )}
      {editing && (
        <PlaylistForm
          opened
          nameLocked={system}
          busy={writes.edit.isPending}
          initial={{ name: playlist.name, description: playlist.description, privacy: playlist.privacy as 0 }}
          onClose={() => setEditing(false)}
          onSubmit={(fields) =>
            writes.edit.mutate(
              { id: playlist.id, ...fields, ...(system && { name: playlist.name }) },
              { onSuccess: () => setEditing(false) },
            )
          }
        />
      )}
    </Stack>
  );
}
