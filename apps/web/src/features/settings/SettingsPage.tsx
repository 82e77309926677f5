import { Container, Skeleton, Stack, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../auth/session';
import { InterfaceSettings } from './InterfaceSettings';
import { PlayerSettings } from './PlayerSettings';

/** Only administrators download the server settings' part. */
const AdminSettingsSection = lazy(() => import('./admin/AdminSettingsSection'));

/** /settings: player and interface settings; administrators also get the server's settings. */
export default function SettingsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const isAdmin = session.data?.user?.group === 'administrator';
  return (
    <Container size="md" px={0}>
      <Stack gap="lg">
        <Title order={1} fz="h2">
          {t('settings.title')}
        </Title>
        <PlayerSettings />
        <InterfaceSettings />
        {isAdmin && (
          <>
            <Title order={2} fz="h3">
              {t('settings.admin.title')}
            </Title>
            <Suspense fallback={<Skeleton h={320} radius="lg" />}>
              <AdminSettingsSection />
            </Suspense>
          </>
        )}
      </Stack>
    </Container>
  );
}
