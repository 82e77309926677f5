import { Badge, Card, Group, ScrollArea, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { ScanIssue } from '@sasayaki/api-contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LogEntry, LogLevel } from './use-scan-live';

const LEVEL_COLOURS: Record<LogLevel, string> = { info: 'blue', warn: 'yellow', error: 'red' };

/** The scan's problems and the page's own events, newest last, filterable by level. */
export function ScanLog({ issues, events }: { issues: ScanIssue[]; events: LogEntry[] }) {
  const { t, i18n } = useTranslation();
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
          <Stack gap={6} component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-live="polite">
            {lines.map((line) => (
              <Group key={line.id} component="li" gap="xs" wrap="nowrap" align="flex-start">
                <Badge
                  size="xs"
                  variant="light"
                  color={LEVEL_COLOURS[line.level]}
                  w={56}
                  style={{ flexShrink: 0 }}
                >
                  {t(`admin.log.${line.level}`)}
                </Badge>
                <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {line.at > 0 && (
                    <Text span c="dimmed" size="xs" ff="monospace">
                      {new Date(line.at).toLocaleTimeString(i18n.language)}{' '}
                    </Text>
                  )}
                  {line.path && (
                    <Text span c="dimmed" size="sm" ff="monospace">
                      {line.path}:{' '}
                    </Text>
                  )}
                  {line.text}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </ScrollArea.Autosize>
    </Card>
  );
}
