import {
  Alert,
  Container,
  Group,
  NumberInput,
  Pagination,
  Select,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_STATES,
  type FeedbackCategory,
  type FeedbackState,
} from '@sasayaki/api-contract';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { useSession } from '../../auth/session';
import { type InboxFilter, useInbox } from './api';
import { FeedbackCard } from './FeedbackCard';

/** /admin/feedback: listeners' reports, newest first, filtered by category, state and work. */
export default function FeedbackPage() {
  const { t } = useTranslation();
  const session = useSession();
  const isAdmin = session.data?.user?.group === 'administrator';
  const [filter, setFilter] = useState<InboxFilter>({ page: 1, state: 'open' });
  const inbox = useInbox(filter, isAdmin);
  if ((session.data && !isAdmin) || (inbox.error instanceof ApiError && inbox.error.status === 403)) {
    return (
      <Container size="md" px={0}>
        <Alert color="red" icon={<IconLock />} title={t('inbox.forbidden')} radius="lg" />
      </Container>
    );
  }
  const change = (next: Partial<InboxFilter>) => setFilter((current) => ({ ...current, ...next, page: 1 }));
  const any = t('inbox.filters.any');
  const pages = inbox.data ? Math.ceil(inbox.data.pagination.totalCount / inbox.data.pagination.pageSize) : 0;
  return (
    <Container size="md" px={0}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz="h2">
            {t('inbox.title')}
          </Title>
          <Text c="dimmed">{t('inbox.description')}</Text>
        </div>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label={t('inbox.filters.state')}
            data={[
              { value: '', label: any },
              ...FEEDBACK_STATES.map((s) => ({ value: s, label: t(`inbox.filters.states.${s}`) })),
            ]}
            value={filter.state ?? ''}
            onChange={(value) => change({ state: (value || undefined) as FeedbackState | undefined })}
            allowDeselect={false}
            w={160}
          />
          <Select
            label={t('inbox.filters.category')}
            data={[
              { value: '', label: any },
              ...FEEDBACK_CATEGORIES.map((c) => ({ value: c, label: t(`feedback.categories.${c}`) })),
            ]}
            value={filter.category ?? ''}
            onChange={(value) => change({ category: (value || undefined) as FeedbackCategory | undefined })}
            allowDeselect={false}
            w={220}
          />
          <NumberInput
            label={t('inbox.filters.work')}
            value={filter.workId ?? ''}
            onChange={(value) =>
              change({ workId: typeof value === 'number' && value >= 0 ? value : undefined })
            }
            min={0}
            allowDecimal={false}
            w={140}
          />
        </Group>
        {inbox.data ? (
          <Stack gap="sm" data-testid="feedback-list">
            {inbox.data.feedback.length === 0 && <Text c="dimmed">{t('inbox.empty')}</Text>}
            {inbox.data.feedback.map((item) => (
              <FeedbackCard key={item.id} item={item} />
            ))}
          </Stack>
        ) : (
          <Skeleton h={240} radius="lg" />
        )}
        {pages > 1 && (
          <Pagination total={pages} value={filter.page} onChange={(page) => setFilter({ ...filter, page })} />
        )}
      </Stack>
    </Container>
  );
}
