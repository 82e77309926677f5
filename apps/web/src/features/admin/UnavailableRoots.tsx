import { Alert, List, Text } from '@mantine/core';
import type { UnavailableRoot } from '@sasayaki/api-contract';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * The administrators' notice of library folders that are not mounted: which folder, how many of its works
 * are hidden and since when. Nothing when every folder is there.
 */
export function UnavailableRoots({ roots }: { roots: readonly UnavailableRoot[] | undefined }) {
  const { t, i18n } = useTranslation();
  if (!roots || roots.length === 0) return null;
  return (
    <Alert
      color="orange"
      radius="lg"
      icon={<IconPlugConnectedX />}
      title={t('admin.unavailable.title')}
      data-testid="unavailable-roots"
    >
      <List size="sm" spacing={4} mb="xs">
        {roots.map((root) => (
          <List.Item key={root.path} style={{ overflowWrap: 'anywhere' }}>
            {t('admin.unavailable.root', {
              path: root.path,
              count: root.works,
              time: new Date(root.since).toLocaleString(i18n.language),
            })}
          </List.Item>
        ))}
      </List>
      <Text size="sm">{t('admin.unavailable.hint')}</Text>
    </Alert>
  );
}
