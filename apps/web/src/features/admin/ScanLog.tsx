import { Card, Group, ScrollArea, SegmentedControl, Text, Title } from '@mantine/core';
import type { ScanIssue } from '@sasayaki/api-contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LogLines } from './LogLines';
import type { LogEntry, LogLevel } from './use-scan-live';

/** The scan's problems and the page's own events, newest last, filterable by level. */
export function ScanLog({ issues, events }: { issues: ScanIssue[]; events: LogEntry[] }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<'all' | LogLevel>('all');
  const localise = (values: LogEntry['values']) =>
    values?.mode ? { ...values, mode: t(`admin.status.modes.${values.mode}`) } : values;
  const lines = [
    ...events.map((event) => ({
      id: `e${event.id}`,
      level: event.level,
      text: [event.key ? t(`admin.${event.key}`, localise(event.values)) : '', event.text]
        .filter(Boolean)
        .join(': '),
      path: event.path,
      at: event.at,
    })),
    ...issues.map((issue, index) => ({
      id: `i${index}`,
      level: (issue.level ?? 'warn') as LogLevel,
      text: issue.message,
      path: issue.path,
      at: 0,
    })),
  ].filter((line) => filter === 'all' || line.level === filter);

  return (
    <Card withBorder radius="lg" padding="lg">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} fz="h4">
          {t('admin.log.title')}
        </Title>
        <SegmentedControl
          size="xs"
          aria-label={t('admin.log.filter')}
          value={filter}
          onChange={(value) => setFilter(value as typeof filter)}
          data={(['all', 'info', 'warn', 'error'] as const).map((value) => ({
            value,
            label: t(`admin.log.${value}`),
          }))}
        />
      </Group>
      <ScrollArea.Autosize mah={320} type="auto">
        {lines.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('admin.log.empty')}
          </Text>
        ) : (
          <LogLines lines={lines} live />
        )}
      </ScrollArea.Autosize>
    </Card>
  );
}
