import { Button, Card, Group, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { notifySuccess } from '../../lib/notify';
import { markFolderAsWork, SCAN_QUERY_KEY } from './api';

/**
 * Marks a folder without a code as a work (issue 12 item 6; docs/metadata.md "Local works"). The server
 * checks the path (400 naming it, 409 when it is a work already) and starts the scan that shows the work.
 */
export function LocalWorkForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [path, setPath] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const trimmed = path.trim();

  const mark = async () => {
    setBusy(true);
    try {
      const answer = await markFolderAsWork(trimmed);
      notifySuccess(t('admin.localWork.marked', { code: answer.source_id }), 3_000);
      setPath('');
      await queryClient.invalidateQueries({ queryKey: SCAN_QUERY_KEY });
    } catch (failure) {
      setError(
        failure instanceof ApiError ? (failure.fieldErrors[0]?.msg ?? failure.message) : String(failure),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} fz="h4" mb={4}>
        {t('admin.localWork.title')}
      </Title>
      <Text c="dimmed" fz="sm" mb="sm">
        {t('admin.localWork.hint')}
      </Text>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          label={t('admin.localWork.path')}
          value={path}
          onChange={(event) => {
            setPath(event.currentTarget.value);
            setError(null);
          }}
          onKeyDown={(event) => event.key === 'Enter' && trimmed && !busy && void mark()}
          error={error}
          style={{ flex: 1 }}
          maxLength={4096}
        />
        <Button mt={25} disabled={!trimmed} loading={busy} onClick={() => void mark()}>
          {t('admin.localWork.mark')}
        </Button>
      </Group>
    </Card>
  );
}
