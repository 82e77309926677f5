import { ScrollArea, Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useScanDetails } from './api';
import { LogLines } from './LogLines';

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
  const errors = details.data.errors.map((issue, position) => ({
    id: String(position),
    level: issue.level ?? 'warn',
    text: issue.message,
    path: issue.path,
  }));
  if (errors.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('admin.history.noProblems')}
      </Text>
    );
  }
  return (
    <ScrollArea.Autosize mah={280} type="auto">
      <LogLines lines={errors} />
    </ScrollArea.Autosize>
  );
}
