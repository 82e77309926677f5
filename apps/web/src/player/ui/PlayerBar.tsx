import { ActionIcon, Box, Group, Text } from '@mantine/core';
import { IconBadgeCc, IconPlaylist } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePlayerStore } from '../store';
import { usePlayerUi } from '../ui-store';
import { Cover } from './Cover';
import classes from './player.module.css';
import { SleepBadge } from './SleepBadge';
import { SleepResumeOffer } from './SleepResumeOffer';
import { NextButton, PlayPauseButton, PreviousButton } from './Transport';

function Progress() {
  const fraction = usePlayerStore((s) => (s.duration > 0 ? Math.min(1, s.currentTime / s.duration) : 0));
  return <div className={classes.barProgress} style={{ transform: `scaleX(${fraction})` }} />;
}

/** The mini player at the bottom: cover, titles (open the full player), previous, play, next, lyrics, queue. */
export function PlayerBar() {
  const { t } = useTranslation();
  const item = usePlayerStore((s) => s.queue[s.queueIndex]);
  const ui = usePlayerUi();
  if (!item) return null;
  return (
    <Box
      className={classes.bar}
      component="section"
      aria-label={t('player.bar.label')}
      data-testid="player-bar"
    >
      <Box
        pos="absolute"
        bottom="calc(100% + 8px)"
        left={0}
        right={0}
        px="sm"
        style={{ display: 'flex', justifyContent: 'center' }}
      >
        <SleepResumeOffer />
      </Box>
      <Progress />
      <Group h="100%" px="sm" gap="sm" wrap="nowrap">
        <button
          type="button"
          className={classes.barInfo}
          onClick={() => ui.setFull(true)}
          aria-label={t('player.bar.open')}
        >
          <Group gap="sm" wrap="nowrap">
            <Cover item={item} size={44} thumbnail />
            <Box miw={0}>
              <Text size="sm" fw={600} truncate="end" data-testid="player-title">
                {item.title}
              </Text>
              <Text size="xs" c="dimmed" truncate="end">
                {item.workTitle}
              </Text>
            </Box>
          </Group>
        </button>
        <SleepBadge />
        <Group gap={4} wrap="nowrap">
          <Box visibleFrom="sm">
            <PreviousButton />
          </Box>
          <PlayPauseButton size="lg" />
          <NextButton />
          <ActionIcon
            variant={ui.lyricsOpen ? 'light' : 'subtle'}
            size="lg"
            visibleFrom="sm"
            onClick={() => ui.setLyrics(!ui.lyricsOpen)}
            aria-label={t('player.controls.lyrics')}
          >
            <IconBadgeCc size={20} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            size="lg"
            visibleFrom="sm"
            onClick={() => ui.setQueue(true)}
            aria-label={t('player.controls.queue')}
            data-testid="player-queue-button"
          >
            <IconPlaylist size={20} />
          </ActionIcon>
        </Group>
      </Group>
    </Box>
  );
}
