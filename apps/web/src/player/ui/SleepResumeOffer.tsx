import { Button, CloseButton, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../format';
import { useSleepStore } from '../sleep/sleep-timer';
import { usePlayerStore } from '../store';

/** After the sleep timer fired: the next play starts a minute earlier; this offers where it stopped instead. */
export function SleepResumeOffer() {
  const { t } = useTranslation();
  const fired = useSleepStore((s) => s.fired);
  const current = usePlayerStore((s) => s.queue[s.queueIndex]?.hash);
  const playing = usePlayerStore((s) => s.playing);
  if (!fired || fired.hash !== current || playing) return null;
  const dismiss = () => useSleepStore.setState({ fired: null });
  const values = { stopped: formatTime(fired.stoppedAt), resume: formatTime(fired.resumeAt) };
  return (
    <Paper withBorder shadow="sm" p="xs" radius="md" data-testid="sleep-resume-offer">
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" flex={1}>
          {t('player.sleep.resumeOffer', values)}
        </Text>
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => {
            usePlayerStore.getState().seekTo(fired.stoppedAt);
            dismiss();
          }}
        >
          {t('player.sleep.resumeFromStop', values)}
        </Button>
        <CloseButton size="sm" onClick={dismiss} aria-label={t('common.actions.close')} />
      </Group>
    </Paper>
  );
}
