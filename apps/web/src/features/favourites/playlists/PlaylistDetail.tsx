import { Anchor, Badge, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { PLAYLIST_PRIVACY, type Playlist } from '@sasayaki/api-contract';
import { IconHeart, IconHeartFilled, IconLink, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSessionUser } from '../../../components/review/use-session-user';
import { usePlaylistLiked, usePlaylistWorks, usePlaylistWrites } from './api';
import { isSystemPlaylist, playlistName, privacyKey } from './names';
import { PlayAllButton } from './PlayAllButton';
import { PlaylistForm } from './PlaylistForm';
import { PlaylistWorkList } from './PlaylistWorkList';
import { afterFor } from './reorder';

/**
 * One playlist: its works in order, "Play all" for everyone who may see it. The owner reorders (drag or
 * up and down), removes works, edits or deletes it; other members like it; the guest only plays it.
 */
export function PlaylistDetail({ playlist }: { playlist: Playlist }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const member = !!user && user.group !== 'guest';
  const mine = user?.name === playlist.user_name;
  const { data, isPending } = usePlaylistWorks(playlist.id);
  const liked = usePlaylistLiked(playlist.id, member && !mine).data?.liked === true;
  const writes = usePlaylistWrites();
  const [editing, setEditing] = useState(false);
  const works = data?.works ?? [];
  const system = isSystemPlaylist(playlist);
  const move = (from: number, to: number) => {
    if (to < 0 || to >= works.length || from === to) return;
    const work = works[from];
    if (work)
      writes.move.mutate({ id: playlist.id, work: work.id, after: afterFor(works, from, to), from, to });
  };
  return (
    <Stack gap="sm" data-testid="playlist-detail">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Title order={3}>{playlistName(playlist, t)}</Title>
          <Group gap="xs">
            <Badge variant="light">{t(privacyKey(playlist.privacy))}</Badge>
            <Text fz="xs" c="dimmed" data-testid="playlist-counts">
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
            {playlist.privacy !== PLAYLIST_PRIVACY.private && (
              <Anchor component={Link} to={`/playlists/${playlist.id}`} fz="xs">
                <IconLink size={12} aria-hidden /> {t('favourites.playlists.link')}
              </Anchor>
            )}
          </Group>
        </Stack>
        <Group gap="xs">
          <PlayAllButton id={playlist.id} works={works} member={member} />
          {mine && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPencil size={14} />}
              onClick={() => setEditing(true)}
            >
              {t('favourites.playlists.edit')}
            </Button>
          )}
          {mine && !system && (
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
          {member && !mine && (
            <Button
              size="xs"
              variant={liked ? 'filled' : 'light'}
              leftSection={liked ? <IconHeartFilled size={14} /> : <IconHeart size={14} />}
              onClick={() => writes.like.mutate({ id: playlist.id, liked: !liked })}
            >
              {t(liked ? 'favourites.playlists.unlike' : 'favourites.playlists.like')}
            </Button>
          )}
        </Group>
      </Group>
      {playlist.description && <Text fz="sm">{playlist.description}</Text>}
      {isPending ? (
        <Skeleton height={120} />
      ) : works.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {t('favourites.playlists.emptyPlaylist')}
        </Text>
      ) : (
        <PlaylistWorkList
          works={works}
          editable={mine}
          onMove={move}
          onRemove={(work) => writes.removeWork.mutate({ id: playlist.id, work: work.id })}
        />
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
