import { Button, Card, Group, Text } from '@mantine/core';
import type { Work } from '@sasayaki/api-contract';
import { IconArrowsShuffle, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { defaultAudio, toQueueItem } from '../../components/work/track-tree';
import { playTracks } from '../../player/api';
import { useTracks } from './api';
import classes from './work.module.css';

/**
 * After random play: a small call to action to play the work. It plays the audio of the folder the tree
 * opens at (or, when that has none, the whole work), from the first file.
 */
export function OfferPlay({ id, work }: { id: string; work: Work }) {
  const { t } = useTranslation();
  const tracks = useTracks(id);
  const audio = defaultAudio(tracks.data ?? []);
  return (
    <Card radius="md" padding="sm" className={classes.offer}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          <IconArrowsShuffle size={18} aria-hidden />
          <Text fz="sm" fw={500}>
            {t('work.offerPlay.title')}
          </Text>
        </Group>
        <Button
          leftSection={<IconPlayerPlayFilled size={16} />}
          disabled={audio.length === 0}
          loading={tracks.isPending}
          onClick={() =>
            playTracks(
              audio.map((file) => toQueueItem(file, work)),
              0,
            )
          }
        >
          {t('work.offerPlay.action')}
        </Button>
      </Group>
    </Card>
  );
}
