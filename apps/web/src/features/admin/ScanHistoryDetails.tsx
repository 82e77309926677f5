import { Badge, Group, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useScanDetails } from './api';

/** One past scan's problems, asked for the first time its row is opened. */
export function ScanHistoryDetails({ id, open }: { id: number; open: boolean }) {
  const { t } = useTranslation();
  const details = useScanDetails(id, open);
  if (details.isError) {
    return (
      <Text size="sm" c="red">
        {t('admin.history.loadError')}
      </Text>
    );
  }
  if (!details.data) return <Skeleton h={48} radius="md" />;
  // A finished scan's problems never change, so their position is a stable identity.
  const errors = details.data.errors.map((issue, position) => ({ ...issue, position }));
  if (errors.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('admin.history.noProblems')}
      </Text>
    );
  }
  return (
    <ScrollArea.Autosize mah={280} type="auto">
      <Stack gap={6} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
        {errors.map((issue) => (
          <Group key={issue.position} component="li" gap="xs" wrap="nowrap" align="flex-start">
            <Badge
              size="xs"
              variant="light"
              color={issue.level === 'error' ? 'red' : 'yellow'}
              w={56}
              style={{ flexShrink: 0 }}
            >
              {t(`admin.log.${issue.level ?? 'warn'}`)}
            </Badge>
            <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {issue.path && (
                <Text span c="dimmed" size="sm" ff="monospace">
                  {issue.path}:{' '}
                </Text>
              )}
              {issue.message}
            </Text>
          </Group>
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}
