import { Button, Card, Group, Text } from '@mantine/core';
import type { TrackFile, Work } from '@sasayaki/api-contract';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../../lib/format';
import { playTracks, usePlayerState, useResumePoint } from '../../player/api';
import { useTracks } from './api';
import { folderQueue, levelOf } from './tree/tree';
import classes from './work.module.css';

/**
 * "Resume 'Track 3' at 12:34": where the listener stopped in this work, from any device (the server's
 * positions for users, this browser's for the guest). One tap plays the file's folder from there. Not
 * shown while that very file is the player's current track (the player already holds the place).
 */
export function ResumeOffer({ id, work }: { id: string; work: Work }) {
  const { t } = useTranslation();
  const point = useResumePoint(work.id);
  const tracks = useTracks(id);
  const currentHash = usePlayerState((state) => state.queue[state.queueIndex]?.hash);
  if (!point || !tracks.data || point.hash === currentHash) return null;
  const level = levelOf(tracks.data, point.hash);
  const file = level?.find((node): node is TrackFile => node.type === 'audio' && node.hash === point.hash);
  if (!level || !file) return null;
  const time = formatDuration(point.position);
  const label = t('work.actions.resume', { title: file.title, time });
  return (
    <Card radius="md" padding="sm" className={classes.offer} data-testid="resume-offer">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fz="xs" c="dimmed">
          {t('work.actions.resumeHint')}
        </Text>
        <Button
          leftSection={<IconPlayerPlayFilled size={16} aria-hidden />}
          maw="100%"
          styles={{
            root: { height: 'auto', minHeight: 40 },
            label: { whiteSpace: 'normal', textAlign: 'start' },
          }}
          onClick={() => {
            const queue = folderQueue(level, file, work);
            playTracks(queue.items, queue.index, { position: point.position });
          }}
        >
          {label}
        </Button>
      </Group>
    </Card>
  );
}
