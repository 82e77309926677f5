import { Card, Group, Progress, Stack, Text } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import type { ScanState } from '@sasayaki/api-contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nothingChanged, processedCount, scanRate } from './api';
import { CountTiles } from './CountTiles';

const COUNTS = ['found', 'unchanged', 'added', 'updated', 'removed', 'failed', 'skipped'] as const;
const COUNT_COLOURS: Record<(typeof COUNTS)[number], string | undefined> = {
  found: undefined,
  unchanged: undefined,
  added: 'teal',
  updated: 'blue',
  removed: 'orange',
  failed: 'red',
  skipped: 'gray',
};

/** Seconds as M:SS or H:MM:SS. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}

/** The bar, the counts, the folder at hand, throughput and time left. */
export function ScanProgress({ state }: { state: ScanState }) {
  const { t, i18n } = useTranslation();
  const [now, setNow] = useState(Date.now);
  const ticker = useInterval(() => setNow(Date.now()), 1000);
  useEffect(() => {
    if (state.running) ticker.start();
    else ticker.stop();
    return ticker.stop;
  }, [state.running, ticker]);

  const processed = processedCount(state);
  const total = state.counts.found;
  const rate = scanRate(state, now);
  const value =
    !state.running && state.status === 'finished' ? 100 : total > 0 ? (processed / total) * 100 : 0;
  const finishedAt = state.finishedAt ? new Date(state.finishedAt).toLocaleString(i18n.language) : null;

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <Progress
          value={state.running && value < 3 ? 3 : value}
          size="lg"
          radius="xl"
          striped={state.running}
          animated={state.running}
          aria-label={t('admin.progress.label')}
        />
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={500} data-testid="scan-processed">
            {nothingChanged(state)
              ? t('admin.progress.allUnchanged', { count: total })
              : t('admin.progress.of', { done: processed, total })}
          </Text>
          <Group gap="md">
            {rate.perSecond !== null && (
              <Text size="sm" c="dimmed">
                {t('admin.progress.throughput', { rate: rate.perSecond.toFixed(1) })}
              </Text>
            )}
            {rate.secondsLeft !== null && (
              <Text size="sm" c="dimmed">
                {t('admin.progress.timeLeft', { time: clock(rate.secondsLeft) })}
              </Text>
            )}
            {state.startedAt && (
              <Text size="sm" c="dimmed">
                {state.running || !finishedAt
                  ? t('admin.progress.elapsed', { time: clock(rate.elapsedSeconds) })
                  : t('admin.progress.finishedAt', { time: finishedAt })}
              </Text>
            )}
          </Group>
        </Group>
        {state.running && (state.mode === 'incremental' || state.mode === 'watch') && (
          <Text size="xs" c="dimmed">
            {t('admin.progress.changedOnly')}
          </Text>
        )}
        <CountTiles
          cols={{ base: 4, sm: 7 }}
          tiles={COUNTS.map((key) => ({
            id: key,
            value: state.counts[key] ?? 0,
            label: t(`admin.progress.counts.${key}`),
            colour: COUNT_COLOURS[key],
          }))}
        />
        {state.running && state.current && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span c="dimmed" size="sm">
              {t('admin.progress.current')}:{' '}
            </Text>
            {state.current}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
