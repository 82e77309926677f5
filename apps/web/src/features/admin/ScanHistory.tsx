import { Accordion, Badge, Card, Group, Pagination, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ScanSummary } from '@sasayaki/api-contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SCAN_HISTORY_PAGE_SIZE, useScanHistory } from './api';
import { ScanHistoryDetails } from './ScanHistoryDetails';
import { clock } from './ScanProgress';
import { scanStatusKey } from './scan-status';

const STATUS_COLOURS: Record<string, string> = {
  running: 'blue',
  finished: 'teal',
  cancelled: 'gray',
  failed: 'red',
  abandoned: 'orange',
};

/** Past scans, newest first, ten a page: when, how, what they found, how long, and their problems on opening. */
export function ScanHistory() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string[]>([]);
  const history = useScanHistory(page);
  const pages = Math.ceil((history.data?.pagination.totalCount ?? 0) / SCAN_HISTORY_PAGE_SIZE);
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} fz="h4" mb="sm">
        {t('admin.history.title')}
      </Title>
      {!history.data ? (
        <Skeleton h={120} radius="md" />
      ) : history.data.scans.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('admin.history.empty')}
        </Text>
      ) : (
        <Stack gap="sm">
          <Accordion multiple value={open} onChange={setOpen} variant="separated" radius="md">
            {history.data.scans.map((scan) => (
              <Accordion.Item key={scan.id} value={String(scan.id)} data-testid={`scan-history-${scan.id}`}>
                <Accordion.Control>
                  <HistoryRow scan={scan} />
                </Accordion.Control>
                <Accordion.Panel>
                  <ScanHistoryDetails id={scan.id} open={open.includes(String(scan.id))} />
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
          {pages > 1 && (
            <Pagination
              total={pages}
              value={page}
              onChange={(next) => {
                setPage(next);
                setOpen([]);
              }}
              size="sm"
            />
          )}
        </Stack>
      )}
    </Card>
  );
}

function HistoryRow({ scan }: { scan: ScanSummary }) {
  const { t, i18n } = useTranslation();
  const status = scanStatusKey(scan);
  const { counts } = scan;
  return (
    <Stack gap={2}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={500}>
          {scan.startedAt ? new Date(scan.startedAt).toLocaleString(i18n.language) : ''}
        </Text>
        <Badge size="sm" variant="light" color="gray">
          {t(`admin.status.modes.${scan.mode ?? 'incremental'}`)}
        </Badge>
        <Badge size="sm" variant="light" color={STATUS_COLOURS[status] ?? 'red'}>
          {t(`admin.history.statuses.${status === 'idle' ? 'failed' : status}`)}
        </Badge>
        {scan.durationMs !== null && (
          <Text size="xs" c="dimmed">
            {clock(scan.durationMs / 1000)}
          </Text>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {t('admin.history.summary', {
          found: counts.found,
          added: counts.added,
          updated: counts.updated,
          unchanged: counts.unchanged ?? 0,
          removed: counts.removed,
        })}
        {' · '}
        <Text span size="xs" c={scan.errorCount > 0 ? 'red' : 'dimmed'}>
          {t('admin.history.problemCount', { errors: scan.errorCount, warnings: scan.warningCount })}
        </Text>
      </Text>
    </Stack>
  );
}
