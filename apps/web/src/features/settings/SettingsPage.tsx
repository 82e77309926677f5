import { Button, Card, Container, Stack, Text, Title } from '@mantine/core';
import { IconRadar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../auth/session';
import { InterfaceSettings } from './InterfaceSettings';
import { PlayerSettings } from './PlayerSettings';

/** /settings: player and interface settings; administrators also get a way to the scanner. */
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
          <Card withBorder radius="lg" padding="lg">
            <Stack gap="sm" align="flex-start">
              <Title order={2} fz="h4">
                {t('settings.admin.title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('settings.admin.description')}
              </Text>
              <Button
                component={Link}
                to="/admin/scanner"
                variant="light"
                leftSection={<IconRadar size={18} />}
              >
                {t('settings.admin.scanner')}
              </Button>
            </Stack>
          </Card>
        )}
      </Stack>
    </Container>
  );
}
