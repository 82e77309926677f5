import { ActionIcon, Box, Group, Text } from '@mantine/core';
import { IconBadgeCc, IconPlaylist } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PLAYER_CONTROLS_ATTRIBUTE } from '../keyboard';
import { usePlayerStore } from '../store';
import { usePlayerUi } from '../ui-store';
import { Cover } from './Cover';
import classes from './player.module.css';
import { SeekBar } from './SeekBar';
import { SleepBadge } from './SleepBadge';
import { SleepResumeOffer } from './SleepResumeOffer';
import { NextButton, PlayPauseButton, PreviousButton } from './Transport';
import { VolumeControl } from './VolumeSpeed';

function Progress() {
  const fraction = usePlayerStore((s) => (s.duration > 0 ? Math.min(1, s.currentTime / s.duration) : 0));
  return <div className={classes.barProgress} style={{ transform: `scaleX(${fraction})` }} />;
}

/**
 * The mini player at the bottom: cover, titles (open the full player), previous, play, next, lyrics,
 * queue; from the `md` breakpoint also the time, the seek bar and the volume.
 */
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
      {...{ [PLAYER_CONTROLS_ATTRIBUTE]: true }}
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
        {/* On wide screens the bar is a player of its own: time and seek bar, volume. */}
        <Box visibleFrom="md" w={{ md: 300, lg: 420 }} style={{ flex: 'none' }}>
          <SeekBar />
        </Box>
        <Box visibleFrom="md" w={150} style={{ flex: 'none' }}>
          <VolumeControl />
        </Box>
        <Group gap={4} wrap="nowrap">
          <Box visibleFrom="sm">
            <PreviousButton />
          </Box>
          <PlayPauseButton size={44} />
          <NextButton />
          <ActionIcon
            variant={ui.lyricsOpen ? 'light' : 'subtle'}
            size={40}
            visibleFrom="sm"
            onClick={() => ui.setLyrics(!ui.lyricsOpen)}
            aria-label={t('player.controls.lyrics')}
          >
            <IconBadgeCc size={20} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            size={40}
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
