import { Alert, Badge, Button, Container, Group, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { ScanMode, ScanState } from '@sasayaki/api-contract';
import { IconLock, IconPlayerStop, IconRefresh, IconScan } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { notifyError, notifyInfo, notifySuccess } from '../../lib/notify';
import { useSession } from '../auth/session';
import { cancelScan, SCAN_QUERY_KEY, startScan, useScanState } from './api';
import { FailedItems } from './FailedItems';
import { LocalWorkForm } from './LocalWorkForm';
import { MetadataFetchPanel } from './MetadataFetchPanel';
import { ScanHistory } from './ScanHistory';
import { ScanLog } from './ScanLog';
import { ScanProgress } from './ScanProgress';
import { scanStatusKey } from './scan-status';
import { UnavailableRoots } from './UnavailableRoots';
import { useScanLive } from './use-scan-live';

/**
 * /admin/scanner: start, cancel and watch library scans live, the folders not mounted, a codeless folder
 * made a work, and the history of past scans (administrators; others get a 403).
 */
export default function ScannerPage() {
  const { t } = useTranslation();
  const session = useSession();
  const isAdmin = session.data?.user?.group === 'administrator';
  const scan = useScanState(isAdmin);
  const live = useScanLive(isAdmin);
  const forbidden =
    (session.data && !isAdmin) || (scan.error instanceof ApiError && scan.error.status === 403);

  if (forbidden) {
    return (
      <Container size="md" px={0}>
        <Alert color="red" icon={<IconLock />} title={t('admin.scanner.forbidden')} radius="lg">
          {t('admin.scanner.forbiddenHint')}
        </Alert>
      </Container>
    );
  }
  const state = scan.data;
  const issues = live.issues.length > 0 || !state ? live.issues : state.errors;
  return (
    <Container size="lg" px={0}>
      <Stack gap="lg">
        <div>
          <Group gap="sm" align="center">
            <Title order={1} fz="h2">
              {t('admin.scanner.title')}
            </Title>
            <LiveBadge status={live.status} />
          </Group>
          <Text c="dimmed">{t('admin.scanner.description')}</Text>
        </div>
        <UnavailableRoots roots={state?.unavailableRoots} />
        {state ? <Controls state={state} /> : <Skeleton h={36} w={360} />}
        {state ? <ScanProgress state={state} /> : <Skeleton h={180} radius="lg" />}
        {state?.metadata && <MetadataFetchPanel progress={state.metadata} />}
        <ScanLog issues={issues} events={live.events} />
        <FailedItems issues={issues} />
        {isAdmin && <LocalWorkForm />}
        {isAdmin && <ScanHistory />}
      </Stack>
    </Container>
  );
}

function Controls({ state }: { state: ScanState }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<ScanMode | 'cancel' | null>(null);
  const run = async (action: ScanMode | 'cancel') => {
    setBusy(action);
    try {
      const next = action === 'cancel' ? await cancelScan() : await startScan(action);
      queryClient.setQueryData(SCAN_QUERY_KEY, next);
      if (action === 'cancel') notifyInfo(t('admin.scanner.cancelled'), 3_000);
      else notifySuccess(t('admin.scanner.started'), 1_500);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap="sm">
      <Text fw={500} data-testid="scan-status">
        {t(`admin.status.${scanStatusKey(state)}`, {
          mode: t(`admin.status.modes.${state.mode ?? 'incremental'}`),
        })}
      </Text>
      <Group gap="sm">
        <Tooltip label={t('admin.scanner.incrementalHint')} multiline w={240}>
          <Button
            leftSection={<IconScan size={18} />}
            disabled={state.running}
            loading={busy === 'incremental'}
            onClick={() => void run('incremental')}
          >
            {t('admin.scanner.incremental')}
          </Button>
        </Tooltip>
        <Tooltip label={t('admin.scanner.fullHint')} multiline w={240}>
          <Button
            variant="light"
            leftSection={<IconRefresh size={18} />}
            disabled={state.running}
            loading={busy === 'full'}
            onClick={() => void run('full')}
          >
            {t('admin.scanner.full')}
          </Button>
        </Tooltip>
        {state.running && (
          <Button
            color="red"
            variant="light"
            leftSection={<IconPlayerStop size={18} />}
            loading={busy === 'cancel'}
            onClick={() => void run('cancel')}
          >
            {t('admin.scanner.cancel')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function LiveBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const map: Record<string, [string, string]> = {
    open: ['teal', 'live'],
    connecting: ['gray', 'connecting'],
    reconnecting: ['yellow', 'reconnecting'],
    closed: ['gray', 'offline'],
  };
  const [color, key] = map[status] ?? ['gray', 'offline'];
  return (
    <Badge color={color} variant="dot" aria-live="polite">
      {t(`admin.status.${key}`)}
    </Badge>
  );
}
