import { Accordion, Badge, Group, Table, Text } from '@mantine/core';
import { METADATA_FIELDS, type WorkMetadataSources } from '@sasayaki/api-contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMetadataSources } from './api';

const STATUS_COLOURS: Record<WorkMetadataSources['providers'][number]['status'], string> = {
  ok: 'teal',
  not_found: 'gray',
  failed: 'red',
  unreadable: 'orange',
};

/**
 * Where each field of the work came from (a hand edit or a provider) and how each provider last
 * answered, in a section that stays closed (and unfetched) until opened; MetadataSources shows it to
 * administrators.
 */
export function SourcesAccordion({ id }: { id: string }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState<string | null>(null);
  const sources = useMetadataSources(id, opened !== null);
  return (
    <Accordion variant="contained" value={opened} onChange={setOpened}>
      <Accordion.Item value="sources">
        <Accordion.Control>{t('workSources.title')}</Accordion.Control>
        <Accordion.Panel>
          {sources.data ? (
            <SourcesBody data={sources.data} />
          ) : (
            sources.isError && (
              <Text fz="sm" c="dimmed">
                {t('workSources.loadFailed')}
              </Text>
            )
          )}
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}

function SourcesBody({ data }: { data: WorkMetadataSources }) {
  const { t, i18n } = useTranslation();
  const time = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  const known = METADATA_FIELDS.flatMap((field) => {
    const source = data.fields[field];
    return source ? [{ field, source }] : [];
  });
  const order = data.order.map((provider) => t(`workSources.sources.${provider}`)).join(' → ');
  return (
    <>
      <Text fz="xs" c="dimmed" mb="xs">
        {t('workSources.hint', { order })}
      </Text>
      {known.length === 0 ? (
        <Text fz="sm">{t('workSources.nothingKnown')}</Text>
      ) : (
        <Table fz="sm" verticalSpacing={4} withRowBorders={false}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('workSources.field')}</Table.Th>
              <Table.Th>{t('workSources.source')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {known.map(({ field, source }) => (
              <Table.Tr key={field}>
                <Table.Td>{t(`workSources.fields.${field}`)}</Table.Td>
                <Table.Td>{t(`workSources.sources.${source}`)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Text fz="sm" fw={600} mt="sm" mb={4}>
        {t('workSources.providers')}
      </Text>
      {data.providers.map((row) => (
        <Group key={row.provider} gap="xs" fz="xs" wrap="wrap">
          <Text fz="sm">{t(`workSources.sources.${row.provider}`)}</Text>
          <Badge size="xs" variant="light" color={STATUS_COLOURS[row.status]}>
            {t(`workSources.statuses.${row.status}`)}
          </Badge>
          <Text fz="xs" c="dimmed">
            {t('workSources.fetchedAt', { time: time(row.fetched_at) })}
            {row.next_fetch_at && ` · ${t('workSources.nextFetchAt', { time: time(row.next_fetch_at) })}`}
          </Text>
          {row.message && (
            <Text fz="xs" c="dimmed">
              {row.message}
            </Text>
          )}
        </Group>
      ))}
    </>
  );
}
