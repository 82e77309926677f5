import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { MetadataFetchProgress, ScanState } from '@sasayaki/api-contract';
import { IconCloudDownload, IconPlayerStop } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../lib/notify';
import { cancelMetadataFetch, SCAN_QUERY_KEY, startMetadataFetch } from './api';
import { CountTiles } from './CountTiles';

const COUNTS = ['done', 'fetched', 'notFound', 'failed', 'waiting'] as const;
const COUNT_COLOURS: Record<(typeof COUNTS)[number], string | undefined> = {
  done: undefined,
  fetched: 'teal',
  notFound: 'orange',
  failed: 'red',
  waiting: 'gray',
};

/**
 * The DLsite metadata fetch that follows scans: its counts (works done, fetched, not found, failed,
 * waiting), live over the scan's events, with start and cancel for the administrator.
 */
export function MetadataFetchPanel({ progress }: { progress: MetadataFetchProgress }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const act = async (action: () => Promise<MetadataFetchProgress>) => {
    setBusy(true);
    try {
      const next = await action();
      queryClient.setQueryData<ScanState>(SCAN_QUERY_KEY, (state) =>
        state ? { ...state, metadata: next } : state,
      );
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="metadata-fetch">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <div>
            <Text fw={600}>{t('admin.metadata.title')}</Text>
            <Text size="sm" c="dimmed">
              {progress.running
                ? t('admin.metadata.running', { current: progress.current ?? '…' })
                : progress.finishedAt
                  ? t('admin.metadata.finished', { time: new Date(progress.finishedAt).toLocaleString() })
                  : t('admin.metadata.idle')}
            </Text>
          </div>
          {progress.running ? (
            <Button
              color="red"
              variant="light"
              leftSection={<IconPlayerStop size={18} />}
              loading={busy}
              onClick={() => void act(cancelMetadataFetch)}
            >
              {t('admin.metadata.cancel')}
            </Button>
          ) : (
            <Button
              variant="light"
              leftSection={<IconCloudDownload size={18} />}
              disabled={!progress.enabled}
              loading={busy}
              onClick={() => void act(startMetadataFetch)}
            >
              {t('admin.metadata.start')}
            </Button>
          )}
        </Group>
        {!progress.enabled && (
          <Alert color="gray" radius="md">
            {t('admin.metadata.off')}
          </Alert>
        )}
        <CountTiles
          cols={{ base: 3, sm: 5 }}
          tiles={COUNTS.map((key) => ({
            id: `metadata-${key}`,
            value: progress[key],
            label: t(`admin.metadata.counts.${key}`),
            colour: COUNT_COLOURS[key],
          }))}
        />
      </Stack>
    </Card>
  );
}
