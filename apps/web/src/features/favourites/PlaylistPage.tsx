import { Button, Center, Skeleton, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { usePlaylist } from './playlists/api';
import { playlistName } from './playlists/names';
import { PlaylistDetail } from './playlists/PlaylistDetail';

/**
 * `/playlists/:id`: a playlist opened by its link. The owner's is editable as in the folder view; another
 * member's unlisted or public one is read-only, with Play all and Like; a private one of someone else, or
 * an unknown id, is "not found" (the server answers 404 for both).
 */
export default function PlaylistPage() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const playlist = usePlaylist(id);
  const notFound = playlist.error instanceof ApiError && playlist.error.status === 404;

  useEffect(() => {
    if (!playlist.data) return;
    document.title = `${playlistName(playlist.data, t)} - ${t('common.appName')}`;
    return () => {
      document.title = t('common.appName');
    };
  }, [playlist.data, t]);

  if (playlist.data) {
    return (
      <Stack gap="md" maw={960} mx="auto" w="100%">
        <PlaylistDetail playlist={playlist.data} />
      </Stack>
    );
  }
  if (playlist.isError) {
    return (
      <Center mih="40vh">
        <Stack align="center">
          <Text c="dimmed" data-testid="playlist-unavailable">
            {t(notFound ? 'favourites.playlists.notFound' : 'favourites.playlists.loadFailed')}
          </Text>
          {notFound ? (
            <Button component={Link} to="/favourites/folder" variant="light">
              {t('favourites.playlists.heading')}
            </Button>
          ) : (
            <Button variant="light" onClick={() => void playlist.refetch()}>
              {t('common.actions.retry')}
            </Button>
          )}
        </Stack>
      </Center>
    );
  }
  return <Skeleton height={240} radius="md" maw={960} mx="auto" />;
}
