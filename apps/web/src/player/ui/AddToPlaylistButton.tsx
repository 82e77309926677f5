import { ActionIcon } from '@mantine/core';
import { IconPlaylistAdd } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PlaylistMenu } from '../../components/playlist/PlaylistMenu';
import { useSessionUser } from '../../components/review/use-session-user';

/** The full player's "Add to playlist": the current track's work, for members (the guest has none). */
export function AddToPlaylistButton({ workId }: { workId: number }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  if (!user || user.group === 'guest') return null;
  return (
    <PlaylistMenu
      workId={workId}
      target={
        <ActionIcon
          variant="subtle"
          size={40}
          aria-label={t('playlistMenu.add')}
          title={t('playlistMenu.add')}
        >
          <IconPlaylistAdd size={20} />
        </ActionIcon>
      }
    />
  );
}
