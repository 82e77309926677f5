import { Button, Grid, Group, NavLink, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { PLAYLIST_PRIVACY, type PlaylistFilter } from '@sasayaki/api-contract';
import { IconLock, IconPlaylist, IconPlus, IconWorld } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlaylists, usePlaylistWrites } from './api';
import { playlistName } from './names';
import { PlaylistDetail } from './PlaylistDetail';
import { PlaylistForm } from './PlaylistForm';

const EMPTY_PLAYLIST = { name: '', description: '', privacy: PLAYLIST_PRIVACY.private } as const;

/**
 * The folder view's playlists (as on asmr.one, a user's folders are their playlists): their own and the
 * ones they liked, or other members' public ones; one is open beside the list (below it on a phone).
 */
export function PlaylistsPanel({ userName }: { userName: string }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Extract<PlaylistFilter, 'all' | 'public'>>('all');
  const { data, isPending } = usePlaylists(filter);
  const writes = usePlaylistWrites();
  const [selected, setSelected] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const playlists = data?.playlists ?? [];
  const open = playlists.find((playlist) => playlist.id === selected) ?? playlists[0];
  return (
    <Grid gap="md" data-testid="playlists-panel">
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <Stack gap="xs">
          <Group justify="space-between" gap="xs">
            <SegmentedControl
              size="xs"
              value={filter}
              onChange={(value) => setFilter(value as 'all' | 'public')}
              data={[
                { value: 'all', label: t('favourites.playlists.mine') },
                { value: 'public', label: t('favourites.playlists.public') },
              ]}
            />
            <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setCreating(true)}>
              {t('favourites.playlists.create')}
            </Button>
          </Group>
          {isPending ? (
            <Skeleton height={160} />
          ) : playlists.length === 0 ? (
            <Text c="dimmed" fz="sm">
              {t('favourites.playlists.none')}
            </Text>
          ) : (
            playlists.map((playlist) => (
              <NavLink
                key={playlist.id}
                active={playlist.id === open?.id}
                onClick={() => setSelected(playlist.id)}
                label={playlistName(playlist, t)}
                description={t('favourites.playlists.worksCount', { count: playlist.works_count })}
                leftSection={
                  playlist.privacy === PLAYLIST_PRIVACY.private ? (
                    <IconLock size={16} aria-hidden />
                  ) : playlist.user_name === userName ? (
                    <IconWorld size={16} aria-hidden />
                  ) : (
                    <IconPlaylist size={16} aria-hidden />
                  )
                }
              />
            ))
          )}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 8 }}>
        {open && <PlaylistDetail key={open.id} playlist={open} />}
      </Grid.Col>
      {creating && (
        <PlaylistForm
          opened
          initial={EMPTY_PLAYLIST}
          busy={writes.create.isPending}
          onClose={() => setCreating(false)}
          onSubmit={(fields) =>
            writes.create.mutate(fields, {
              onSuccess: (playlist) => {
                setCreating(false);
                setFilter('all');
                setSelected(playlist.id);
              },
            })
          }
        />
      )}
    </Grid>
  );
}
