import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth/session';

/** The tip for the guest account about its rate limit (spec sections 2 and 6). */
export function GuestTip() {
  const { t } = useTranslation();
  const session = useSession();
  if (session.data?.user?.group !== 'guest') return null;
  return (
    <Alert variant="light" color="yellow" icon={<IconInfoCircle size={18} />} mt="md">
      {t('works.guestTip')}
    </Alert>
  );
}
