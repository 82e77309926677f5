import { Badge } from '@mantine/core';
import { IconZzz } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePlayerActivation } from '../activation';
import { formatTime } from '../format';
import { useSleepStore } from '../sleep/sleep-timer';

/** The visible countdown of the sleep timer; opens the timer dialog. */
export function SleepBadge() {
  const { t } = useTranslation();
  const timer = useSleepStore((s) => s.timer);
  const remaining = useSleepStore((s) => s.remaining);
  if (!timer) return null;
  let label: string;
  if (remaining !== null) label = t('player.sleep.countdown', { time: formatTime(Math.ceil(remaining)) });
  else label = t(timer.kind === 'endOfTrack' ? 'player.sleep.countdownTrack' : 'player.sleep.countdownQueue');
  return (
    <Badge
      component="button"
      type="button"
      variant="light"
      color="indigo"
      leftSection={<IconZzz size={12} />}
      onClick={() => usePlayerActivation.getState().openSleepTimer()}
      style={{ cursor: 'pointer', flex: 'none' }}
      data-testid="sleep-countdown"
      aria-label={`${t('player.sleep.active')}: ${label}`}
    >
      {label}
    </Badge>
  );
}
