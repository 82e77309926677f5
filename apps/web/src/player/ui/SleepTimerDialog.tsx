import {
  Button,
  Chip,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyInfo } from '../../lib/notify';
import { usePlayerActivation } from '../activation';
import {
  clockDeadline,
  formatClock,
  SLEEP_NOTICE_MS,
  type SleepKind,
  type SleepTimer,
  useSleepStore,
} from '../sleep/sleep-timer';
import { SleepBadge } from './SleepBadge';

const QUICK_MINUTES = [15, 30, 45, 60, 90];

/** The sleep timer dialog (sidebar → sleep mode, or the player): a time of day, in N minutes, end of track or queue. */
export function SleepTimerDialog() {
  const { t } = useTranslation();
  const open = usePlayerActivation((s) => s.sleepTimerOpen);
  const timer = useSleepStore((s) => s.timer);
  const [kind, setKind] = useState<SleepKind>('clock');
  const [time, setTime] = useState('');
  const [minutes, setMinutes] = useState<number | string>(30);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    setKind(timer?.kind ?? 'clock');
    setTime(timer?.deadline ? formatClock(timer.deadline) : formatClock(Date.now()));
    setError(null);
  }, [open, timer]);
  const close = () => usePlayerActivation.getState().closeSleepTimer();
  const start = () => {
    let next: SleepTimer;
    if (kind === 'clock') {
      const deadline = clockDeadline(time, Date.now());
      if (deadline === null) return setError(t('player.sleep.invalidTime'));
      next = { kind, deadline };
    } else if (kind === 'minutes') {
      const count = Math.max(1, Math.min(24 * 60, Math.round(Number(minutes) || 0)));
      next = { kind, deadline: Date.now() + count * 60_000 };
    } else next = { kind, deadline: null };
    useSleepStore.getState().set(next);
    const message =
      next.deadline !== null
        ? t('player.sleep.setAt', { time: formatClock(next.deadline) })
        : t(kind === 'endOfTrack' ? 'player.sleep.setTrack' : 'player.sleep.setQueue');
    notifyInfo(message, SLEEP_NOTICE_MS);
    close();
  };
  const cancelTimer = () => {
    useSleepStore.getState().set(null);
    notifyInfo(t('player.sleep.off'), SLEEP_NOTICE_MS);
    close();
  };
  return (
    <Modal opened={open} onClose={close} title={t('player.sleep.title')} zIndex={300} centered>
      <Stack gap="md" data-testid="sleep-dialog">
        {timer && (
          <Group>
            <SleepBadge />
          </Group>
        )}
        <SegmentedControl
          fullWidth
          value={kind}
          onChange={(v) => setKind(v as SleepKind)}
          data={[
            { value: 'clock', label: t('player.sleep.atTime') },
            { value: 'minutes', label: t('player.sleep.inMinutes') },
            { value: 'endOfTrack', label: t('player.sleep.endOfTrack') },
            { value: 'endOfQueue', label: t('player.sleep.endOfQueue') },
          ]}
          styles={{ label: { whiteSpace: 'normal' } }}
        />
        {kind === 'clock' && (
          <Group align="end" gap="xs">
            <TextInput
              type="time"
              label={t('player.sleep.time')}
              value={time}
              onChange={(e) => setTime(e.currentTarget.value)}
              error={error}
              flex={1}
              data-testid="sleep-time"
            />
            <Button variant="default" onClick={() => setTime(formatClock(Date.now()))}>
              {t('player.sleep.now')}
            </Button>
          </Group>
        )}
        {kind === 'minutes' && (
          <Stack gap="xs">
            <NumberInput
              label={t('player.sleep.minutes')}
              min={1}
              max={1440}
              value={minutes}
              onChange={setMinutes}
              data-testid="sleep-minutes"
            />
            <Chip.Group value={String(minutes)} onChange={(v) => setMinutes(Number(v))}>
              <Group gap={6}>
                {QUICK_MINUTES.map((m) => (
                  <Chip key={m} value={String(m)} size="xs">
                    {t('player.sleep.minutesValue', { count: m })}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Stack>
        )}
        {(kind === 'endOfTrack' || kind === 'endOfQueue') && (
          <Text size="sm">
            {t(kind === 'endOfTrack' ? 'player.sleep.trackHint' : 'player.sleep.queueHint')}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {t('player.sleep.fadeHint')}
        </Text>
        <Group justify="space-between">
          <Button variant="subtle" color="red" disabled={!timer} onClick={cancelTimer}>
            {t('player.sleep.cancelTimer')}
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={close}>
              {t('common.actions.cancel')}
            </Button>
            <Button onClick={start} data-testid="sleep-start">
              {t('player.sleep.start')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
