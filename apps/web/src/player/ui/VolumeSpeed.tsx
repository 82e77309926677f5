import { ActionIcon, Button, Group, Menu, Slider } from '@mantine/core';
import { IconVolume, IconVolumeOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MAX_RATE, MIN_RATE, usePlayerStore } from '../store';

export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.5, 3];

/** Mute toggle and a 0-1 volume slider. */
export function VolumeControl() {
  const { t } = useTranslation();
  const volume = usePlayerStore((s) => s.volume);
  const muted = usePlayerStore((s) => s.muted);
  return (
    <Group gap="xs" wrap="nowrap" flex={1}>
      <ActionIcon
        variant="subtle"
        onClick={() => usePlayerStore.getState().toggleMute()}
        aria-label={t(muted ? 'player.controls.unmute' : 'player.controls.mute')}
        data-testid="player-mute"
      >
        {muted || volume === 0 ? <IconVolumeOff size={20} /> : <IconVolume size={20} />}
      </ActionIcon>
      <Slider
        flex={1}
        size="sm"
        min={0}
        max={1}
        step={0.01}
        value={muted ? 0 : volume}
        label={(v) => `${Math.round(v * 100)}%`}
        onChange={(v) => usePlayerStore.getState().setVolume(v)}
        thumbLabel={t('player.controls.volume')}
      />
    </Group>
  );
}

/** Playback speed 0.5×-3×. */
export function SpeedMenu() {
  const { t } = useTranslation();
  const rate = usePlayerStore((s) => s.rate);
  return (
    <Menu position="top" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          size="compact-sm"
          aria-label={t('player.controls.speed')}
          data-testid="player-speed"
        >
          {t('player.controls.speedValue', { value: rate })}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('player.controls.speed')}</Menu.Label>
        {SPEEDS.filter((s) => s >= MIN_RATE && s <= MAX_RATE).map((speed) => (
          <Menu.Item
            key={speed}
            onClick={() => usePlayerStore.getState().setRate(speed)}
            fw={speed === rate ? 700 : undefined}
          >
            {t('player.controls.speedValue', { value: speed })}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
