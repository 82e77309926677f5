import { Button, Menu } from '@mantine/core';
import { type PlaylistsEnvelope, SYSTEM_PLAYLIST_NAMES } from '@sasayaki/api-contract';
import { IconCheck, IconPlaylistAdd } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { notifyError } from '../../lib/notify';

const SYSTEM_KEYS: Record<string, string> = {
  [SYSTEM_PLAYLIST_NAMES.marked]: 'work.actions.playlistMarked',
  [SYSTEM_PLAYLIST_NAMES.liked]: 'work.actions.playlistLiked',
};

/**
 * "Add to playlist" on the work page: the member's playlists, each checked when it holds the work; a
 * click adds or removes it. The list is asked for when the menu opens.
 */
export function AddToPlaylist({ workId, disabled }: { workId: number; disabled: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [opened, setOpened] = useState(false);
  const key = ['playlists', 'with-work', workId];
  const { data } = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      api<PlaylistsEnvelope>('/api/playlist/get-work-exist-status-in-my-playlists', {
        query: { workID: workId, pageSize: 100 },
        signal,
      }),
    enabled: opened,
  });
  const toggle = useMutation({
    mutationFn: ({ id, exist }: { id: string; exist: boolean }) =>
      api(`/api/playlist/${exist ? 'remove-works-from-playlist' : 'add-works-to-playlist'}`, {
        method: 'POST',
        body: { id, works: [workId] },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['playlists'] }),
    onError: (error) => notifyError(error),
  });
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-start" closeOnItemClick={false}>
      <Menu.Target>
        <Button variant="light" leftSection={<IconPlaylistAdd size={16} aria-hidden />} disabled={disabled}>
          {t('work.actions.addToPlaylist')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {(data?.playlists ?? []).map((playlist) => (
          <Menu.Item
            key={playlist.id}
            leftSection={
              playlist.exist ? <IconCheck size={14} aria-label={t('work.actions.inPlaylist')} /> : null
            }
            onClick={() => toggle.mutate({ id: playlist.id, exist: playlist.exist === true })}
          >
            {SYSTEM_KEYS[playlist.name] ? t(SYSTEM_KEYS[playlist.name] as string) : playlist.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
