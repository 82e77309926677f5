import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LogLevel } from './use-scan-live';

const LEVEL_COLOURS: Record<LogLevel, string> = { info: 'blue', warn: 'yellow', error: 'red' };

export interface LogLine {
  id: string;
  level: LogLevel;
  text: string;
  /** The file or folder it is about, shown before the text. */
  path?: string | null;
  /** When it happened (ms since the epoch), shown first; the scan's own problems carry none. */
  at?: number;
}

/** A list of log lines, each its level's badge, the time, the path and the text: the live log's and a past scan's. */
export function LogLines({ lines, live = false }: { lines: LogLine[]; live?: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack
      gap={6}
      component="ol"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      aria-live={live ? 'polite' : undefined}
    >
      {lines.map((line) => (
        <Group key={line.id} component="li" gap="xs" wrap="nowrap" align="flex-start">
          <Badge size="xs" variant="light" color={LEVEL_COLOURS[line.level]} w={56} style={{ flexShrink: 0 }}>
            {t(`admin.log.${line.level}`)}
          </Badge>
          <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {line.at !== undefined && line.at > 0 && (
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
  );
}
