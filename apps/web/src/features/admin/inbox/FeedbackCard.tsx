import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { FeedbackInboxItem } from '@sasayaki/api-contract';
import { IconCheck, IconRotate } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { mediaUrl } from '../../../api/client';
import { formatDate } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { INBOX_QUERY_KEY, setResolved } from './api';

/** One report: who, when, which work and file (links), what; resolve or reopen it. */
export function FeedbackCard({ item }: { item: FeedbackInboxItem }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    try {
      await setResolved(item.id, !item.resolved_at);
      // The list and the sidebar badge share this key.
      await queryClient.invalidateQueries({ queryKey: INBOX_QUERY_KEY });
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  const date = (value: string) => formatDate(value, i18n.language);
  return (
    <Card withBorder radius="lg" data-testid={`feedback-item-${item.id}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Badge variant="light">{t(`feedback.categories.${item.category}`)}</Badge>
            <Badge color={item.resolved_at ? 'teal' : 'orange'} variant="dot">
              {item.resolved_at ? t('inbox.resolved', { date: date(item.resolved_at) }) : t('inbox.open')}
            </Badge>
          </Group>
          <Text fz="sm" c="dimmed">
            {t('inbox.from', { user: item.user_name, date: date(item.created_at) })}
          </Text>
        </Group>
        {item.work_title !== null ? (
          <Anchor component={Link} to={`/work/${item.work_id}`} fw={500}>
            {item.work_title}
          </Anchor>
        ) : (
          <Text fw={500}>{t('inbox.workGone', { id: item.work_id })}</Text>
        )}
        {item.file_id !== null &&
          (item.file_path !== null ? (
            <Anchor
              href={mediaUrl(`/api/media/download/${item.work_id}/${item.file_id}`)}
              fz="sm"
              target="_blank"
            >
              {t('inbox.file', { path: item.file_path })}
            </Anchor>
          ) : (
            <Text fz="sm">{t('inbox.fileGone', { id: item.file_id })}</Text>
          ))}
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{item.details}</Text>
        <Group justify="flex-end">
          <Button
            size="xs"
            variant="light"
            color={item.resolved_at ? 'gray' : 'teal'}
            leftSection={item.resolved_at ? <IconRotate size={14} /> : <IconCheck size={14} />}
            loading={busy}
            onClick={() => void toggle()}
          >
            {item.resolved_at ? t('inbox.reopen') : t('inbox.resolve')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
