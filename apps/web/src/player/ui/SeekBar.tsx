import { Group, Loader, Slider, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../format';
import { usePlayerStore } from '../store';
import classes from './player.module.css';

/** The seek bar: played, buffered (lighter) and the rest, with the times beside it. */
export function SeekBar({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const currentTime = usePlayerStore((s) => s.currentTime);
  const duration = usePlayerStore((s) => s.duration);
  const buffered = usePlayerStore((s) => s.buffered);
  const [dragging, setDragging] = useState<number | null>(null);
  const max = duration > 0 ? duration : 1;
  const value = dragging ?? Math.min(currentTime, max);
  const bufferedPercent = Math.min(100, (buffered / max) * 100);
  // Whenever sound is wanted but not coming (loading, seeking, waiting for data): never a silent "playing".
  const buffering = usePlayerStore((s) => s.buffering);
  const spinner = buffering && (
    <Loader
      size={compact ? 12 : 14}
      data-testid="player-buffering"
      aria-label={t('player.controls.buffering')}
    />
  );
  const slider = (
    <Slider
      flex={1}
      size={compact ? 'xs' : 'sm'}
      min={0}
      max={max}
      step={0.1}
      value={value}
      label={(v) => formatTime(v)}
      onChange={setDragging}
      onChangeEnd={(v) => {
        setDragging(null);
        usePlayerStore.getState().seekTo(v);
      }}
      disabled={duration <= 0}
      thumbLabel={t('player.controls.seek')}
      data-testid="player-seek"
      classNames={{ track: classes.seekTrack }}
      style={{ '--buffered': `${bufferedPercent}%` } as React.CSSProperties}
    />
  );
  if (compact)
    return spinner ? (
      <Group gap={6} wrap="nowrap" flex={1}>
        {slider}
        {spinner}
      </Group>
    ) : (
      slider
    );
  return (
    <Group gap="sm" wrap="nowrap">
      <Text size="xs" c="dimmed" ff="monospace" data-testid="player-time">
        {formatTime(value)}
      </Text>
      {slider}
      {spinner}
      <Text size="xs" c="dimmed" ff="monospace" data-testid="player-duration">
        {formatTime(duration)}
      </Text>
    </Group>
  );
}
