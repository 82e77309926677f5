import { Card, Table, Text, Title } from '@mantine/core';
import type { ScanIssue } from '@sasayaki/api-contract';
import { useTranslation } from 'react-i18next';

/** Works and files the scan could not read, with their paths and the reason. */
export function FailedItems({ issues }: { issues: ScanIssue[] }) {
  const { t } = useTranslation();
  // Issues only ever append, so their position is a stable identity.
  const failed = issues
    .map((issue, position) => ({ ...issue, position }))
    .filter((issue) => issue.level === 'error');
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} fz="h4" mb="sm">
        {t('admin.failed.title')} ({failed.length})
      </Title>
      {failed.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('admin.failed.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={320} mah={360}>
          <Table striped fz="sm" aria-label={t('admin.failed.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.failed.path')}</Table.Th>
                <Table.Th>{t('admin.failed.reason')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {failed.map((issue) => (
                <Table.Tr key={issue.position}>
                  <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                    {issue.path}
                  </Table.Td>
                  <Table.Td>{issue.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
