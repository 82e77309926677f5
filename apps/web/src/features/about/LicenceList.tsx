import licences from 'virtual:sasayaki-licences';
import { Anchor, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The bundle's libraries and their licences, generated at build time (its own lazily loaded chunk). */
export default function LicenceList() {
  const { t } = useTranslation();
  const byLicence = new Map<string, number>();
  for (const entry of licences) byLicence.set(entry.license, (byLicence.get(entry.license) ?? 0) + 1);
  return (
    <Stack gap="sm">
      <Text size="sm">{t('about.licences.intro', { count: licences.length })}</Text>
      <Group gap={6}>
        {[...byLicence].map(([licence, count]) => (
          <Badge key={licence} variant="light" tt="none">
            {licence} × {count}
          </Badge>
        ))}
      </Group>
      <Table.ScrollContainer minWidth={300}>
        <Table striped highlightOnHover fz="sm" horizontalSpacing="xs" aria-label={t('about.licences.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('about.licences.name')}</Table.Th>
              <Table.Th>{t('about.licences.version')}</Table.Th>
              <Table.Th>{t('about.licences.licence')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {licences.map((entry) => (
              <Table.Tr key={`${entry.name}@${entry.version}`}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {entry.homepage ? (
                    <Anchor href={entry.homepage} target="_blank" rel="noreferrer noopener">
                      {entry.name}
                    </Anchor>
                  ) : (
                    entry.name
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{entry.version}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{entry.license}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
