import { ActionIcon, Group, Tooltip } from '@mantine/core';
import {
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
  IconPlayerSkipBackFilled,
  IconPlayerSkipForwardFilled,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePlayerStore } from '../store';
import { useSharedConfig } from '../use-shared-config';
import { MODE_ICONS, MODE_KEYS, seekIcon } from './icons';

export function PlayPauseButton({ size = 'xl' }: { size?: 'xl' | 44 | 48 | 56 }) {
  const { t } = useTranslation();
  const playing = usePlayerStore((s) => s.playing);
  const togglePlay = usePlayerStore((s) => s.togglePlay);
  const label = t(playing ? 'player.controls.pause' : 'player.controls.play');
  return (
    <ActionIcon
      size={size}
      radius="xl"
      variant="filled"
      onClick={togglePlay}
      aria-label={label}
      data-testid="player-toggle"
    >
      {playing ? <IconPlayerPauseFilled size="55%" /> : <IconPlayerPlayFilled size="55%" />}
    </ActionIcon>
  );
}

export function PreviousButton() {
  const { t } = useTranslation();
  const disabled = usePlayerStore((s) => s.queueIndex <= 0);
  return (
    <ActionIcon
      variant="subtle"
      size={40}
      disabled={disabled}
      onClick={() => usePlayerStore.getState().previous()}
      aria-label={t('player.controls.previous')}
    >
      <IconPlayerSkipBackFilled size={20} />
    </ActionIcon>
  );
}

export function NextButton() {
  const { t } = useTranslation();
  const disabled = usePlayerStore(
    (s) => s.queueIndex >= s.queue.length - 1 && !(s.playMode === 'shuffle' && s.queue.length > 1),
  );
  return (
    <ActionIcon
      variant="subtle"
      size={40}
      disabled={disabled}
      onClick={() => usePlayerStore.getState().next()}
      aria-label={t('player.controls.next')}
      data-testid="player-next"
    >
      <IconPlayerSkipForwardFilled size={20} />
    </ActionIcon>
  );
}

export function ModeButton() {
  const { t } = useTranslation();
  const mode = usePlayerStore((s) => s.playMode);
  const Icon = MODE_ICONS[mode];
  const label = t('player.controls.mode', { mode: t(MODE_KEYS[mode]) });
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant={mode === 'order' ? 'subtle' : 'light'}
        size={40}
        onClick={() => usePlayerStore.getState().cycleMode()}
        aria-label={label}
        data-testid="player-mode"
        data-mode={mode}
      >
        <Icon size={20} />
      </ActionIcon>
    </Tooltip>
  );
}

export function SeekButtons({ children }: { children?: React.ReactNode }) {
  const { t } = useTranslation();
  const { rewindSeekTime, forwardSeekTime } = useSharedConfig();
  const Back = seekIcon('back', rewindSeekTime);
  const Ahead = seekIcon('ahead', forwardSeekTime);
  return (
    <Group gap="xs" justify="center" wrap="nowrap">
      <ActionIcon
        variant="subtle"
        size={40}
        onClick={() => usePlayerStore.getState().seekBy(-rewindSeekTime)}
        aria-label={t('player.controls.rewind', { seconds: rewindSeekTime })}
        data-testid="player-rewind"
      >
        <Back size={22} />
      </ActionIcon>
      {children}
      <ActionIcon
        variant="subtle"
        size={40}
        onClick={() => usePlayerStore.getState().seekBy(forwardSeekTime)}
        aria-label={t('player.controls.forward', { seconds: forwardSeekTime })}
        data-testid="player-forward"
      >
        <Ahead size={22} />
      </ActionIcon>
    </Group>
  );
}
