import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchSession, SESSION_QUERY_KEY } from '../../auth/session';

/** The tip for the guest account about its rate limit (spec sections 2 and 6). */
export function GuestTip() {
  const { t } = useTranslation();
  const session = useQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchSession, staleTime: 5 * 60_000 });
  if (session.data?.user?.group !== 'guest') return null;
  return (
    <Alert variant="light" color="yellow" icon={<IconInfoCircle size={18} />} mt="md">
      {t('works.guestTip')}
    </Alert>
  );
}
