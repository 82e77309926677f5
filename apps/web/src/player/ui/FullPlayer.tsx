import { ActionIcon, Anchor, Drawer, Group, SegmentedControl, Stack, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBadgeCc, IconPictureInPicture, IconPlaylist, IconZzz } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBackCloses, useOverlayLink } from '../../lib/use-back-closes';
import { usePlayerActivation } from '../activation';
import { PLAYER_CONTROLS_ATTRIBUTE } from '../keyboard';
import { usePipStore } from '../pip/pip-store';
import { preferredQuality } from '../sources';
import { usePlayerStore } from '../store';
import type { StreamQuality } from '../types';
import { usePlayerUi } from '../ui-store';
import { useSharedConfig } from '../use-shared-config';
import { AddToPlaylistButton } from './AddToPlaylistButton';
import { Cover } from './Cover';
import { SeekBar } from './SeekBar';
import { SleepBadge } from './SleepBadge';
import { ModeButton, NextButton, PlayPauseButton, PreviousButton, SeekButtons } from './Transport';
import { SpeedMenu, VolumeControl } from './VolumeSpeed';

function QualitySwitch() {
  const { t } = useTranslation();
  const item = usePlayerStore((s) => s.queue[s.queueIndex]);
  const override = usePlayerStore((s) => s.qualityOverride);
  const { qualityBehavior } = useSharedConfig();
  if (!item?.streamLowQualityUrl) return null;
  const quality = override ?? preferredQuality(item, qualityBehavior);
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('player.controls.quality')}
      value={quality}
      onChange={(value) => usePlayerStore.getState().setQuality(value as StreamQuality)}
      data={[
        { value: 'low', label: t('player.controls.qualityLow') },
        { value: 'original', label: t('player.controls.qualityOriginal') },
      ]}
      data-testid="player-quality"
    />
  );
}

/** The full player: cover, seek bar, titles linking to the work, transport, volume, speed and extras. */
export function FullPlayer() {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  const ui = usePlayerUi();
  const item = usePlayerStore((s) => s.queue[s.queueIndex]);
  const pip = usePipStore();
  const close = () => ui.setFull(false);
  useBackCloses(ui.fullOpen && !!item, close, 'full-player');
  const followLink = useOverlayLink(close);
  return (
    <Drawer
      opened={ui.fullOpen && !!item}
      onClose={close}
      position={phone ? 'bottom' : 'right'}
      size={phone ? '100%' : 420}
      title={t('player.bar.label')}
      closeButtonProps={{ 'aria-label': t('player.controls.collapse') }}
      zIndex={250}
    >
      {item && (
        <Stack gap="md" data-testid="full-player" {...{ [PLAYER_CONTROLS_ATTRIBUTE]: true }}>
          <div style={{ maxWidth: phone ? 300 : 360, width: '100%', marginInline: 'auto' }}>
            <Cover item={item} />
          </div>
          <Stack gap={2}>
            <Anchor
              component={Link}
              to={`/work/${item.sourceId}`}
              onClick={phone ? followLink : undefined}
              fw={700}
              size="lg"
              lineClamp={2}
              c="var(--mantine-color-text)"
            >
              {item.title}
            </Anchor>
            <Anchor
              component={Link}
              to={`/work/${item.sourceId}`}
              onClick={phone ? followLink : undefined}
              size="sm"
              c="dimmed"
              lineClamp={2}
            >
              {item.workTitle}
            </Anchor>
            {item.circleName && (
              <Text size="xs" c="dimmed">
                {item.circleName} · {item.sourceId}
              </Text>
            )}
          </Stack>
          <SeekBar />
          <Group justify="space-between" wrap="nowrap" gap={4}>
            <ActionIcon
              variant="subtle"
              size={40}
              onClick={() => ui.setQueue(true)}
              aria-label={t('player.controls.queue')}
            >
              <IconPlaylist size={20} />
            </ActionIcon>
            <PreviousButton />
            <SeekButtons>
              <PlayPauseButton size={56} />
            </SeekButtons>
            <NextButton />
            <ModeButton />
          </Group>
          <Group wrap="nowrap" gap="sm">
            <VolumeControl />
            <SpeedMenu />
          </Group>
          <Group justify="space-between" gap="xs">
            <Group gap={4}>
              <Tooltip label={t('player.controls.lyrics')}>
                <ActionIcon
                  variant={ui.lyricsOpen ? 'light' : 'subtle'}
                  size={40}
                  onClick={() => ui.setLyrics(!ui.lyricsOpen)}
                  aria-label={t('player.controls.lyrics')}
                  data-testid="player-lyrics-button"
                >
                  <IconBadgeCc size={20} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t(pip.open ? 'player.pip.close' : 'player.pip.open')}>
                <ActionIcon
                  variant={pip.open ? 'light' : 'subtle'}
                  size={40}
                  onClick={() => void pip.toggle()}
                  aria-label={t(pip.open ? 'player.pip.close' : 'player.pip.open')}
                >
                  <IconPictureInPicture size={20} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('player.controls.sleep')}>
                <ActionIcon
                  variant="subtle"
                  size={40}
                  onClick={() => usePlayerActivation.getState().openSleepTimer()}
                  aria-label={t('player.controls.sleep')}
                >
                  <IconZzz size={20} />
                </ActionIcon>
              </Tooltip>
              <SleepBadge />
              <AddToPlaylistButton workId={item.workId} />
            </Group>
            <QualitySwitch />
          </Group>
        </Stack>
      )}
    </Drawer>
  );
}
