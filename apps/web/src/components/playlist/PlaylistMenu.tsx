import { Menu } from '@mantine/core';
import { SYSTEM_PLAYLIST_NAMES } from '@sasayaki/api-contract';
import { IconCheck } from '@tabler/icons-react';
import { type ReactElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlaylistsWithWork, useTogglePlaylistWork } from './api';

const SYSTEM_KEYS: Record<string, string> = {
  [SYSTEM_PLAYLIST_NAMES.marked]: 'playlistMenu.marked',
  [SYSTEM_PLAYLIST_NAMES.liked]: 'playlistMenu.liked',
};

/**
 * "Add to playlist" for one work, opened from `target` (the work page's button, a card's menu button,
 * the player's): the member's playlists, each checked when it holds the work; a click adds or removes
 * it. The list is asked for when the menu opens, so whatever shows the target pays nothing until then.
 */
export function PlaylistMenu({
  workId,
  target,
  defaultOpened = false,
}: {
  workId: number;
  target: ReactElement;
  /** Open at once (a card loads this menu on its button's first click). */
  defaultOpened?: boolean;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(defaultOpened);
  const { data } = usePlaylistsWithWork(workId, opened);
  const toggle = useTogglePlaylistWork(workId);
  const playlists = data?.playlists ?? [];
  return (
    <Menu
      opened={opened}
      onChange={setOpened}
      position="bottom-start"
      closeOnItemClick={false}
      withinPortal
      zIndex={320}
    >
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown data-testid="playlist-menu">
        <Menu.Label>{t('playlistMenu.add')}</Menu.Label>
        {data && playlists.length === 0 && <Menu.Item disabled>{t('playlistMenu.none')}</Menu.Item>}
        {playlists.map((playlist) => (
          <Menu.Item
            key={playlist.id}
            leftSection={
              playlist.exist ? (
                <IconCheck size={14} aria-label={t('playlistMenu.inPlaylist')} />
              ) : (
                <span style={{ display: 'inline-block', width: 14 }} />
              )
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
