import { Button } from '@mantine/core';
import type { Work } from '@sasayaki/api-contract';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PLAYLISTS_KEY } from '../../../components/playlist/api';
import { notifyError, notifyInfo } from '../../../lib/notify';
import { usePlayerActivation } from '../../../player/activation';
import { playPlaylist } from './play-playlist';

/** "Play all": the playlist's works' audio, in order, into the player's queue; a member's play is counted. */
export function PlayAllButton({ id, works, member }: { id: string; works: Work[]; member: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const play = useMutation({
    mutationFn: () => playPlaylist(id, works, member),
    onSuccess: (queued) => {
      if (queued === 0) notifyInfo(t('favourites.playlists.nothingToPlay'));
      // The play count shown beside the name.
      else if (member) void client.invalidateQueries({ queryKey: PLAYLISTS_KEY });
    },
    onError: (error) => notifyError(error),
  });
  return (
    <Button
      size="xs"
      leftSection={<IconPlayerPlayFilled size={14} />}
      disabled={works.length === 0}
      loading={play.isPending}
      onClick={() => {
        // The player's chunk starts loading with the tap, while the works' trees are fetched.
        usePlayerActivation.getState().activate();
        play.mutate();
      }}
    >
      {t('favourites.playlists.playAll')}
    </Button>
  );
}
