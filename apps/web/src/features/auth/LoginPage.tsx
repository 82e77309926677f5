import { Button, Center, Divider, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconHeadphones, IconUserQuestion } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegistrationOpen } from './api';
import { CredentialsForm } from './CredentialsForm';
import { useSignIn } from './use-sign-in';

/** /login, outside the layout: log in, register (when the server allows it) or continue as the guest. */
export default function LoginPage() {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'login' | 'register'>('login');
  const regOpen = useRegistrationOpen().data === true;
  const { submit, pending } = useSignIn();
  const activeMode = regOpen ? mode : 'login';

  const form = (
    <CredentialsForm
      key={activeMode}
      mode={activeMode}
      pending={pending === activeMode}
      onSubmit={(name, password) => void submit(activeMode, name, password)}
    />
  );

  return (
    <Center mih="100dvh" p="md" bg="var(--mantine-color-body)">
      <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={400}>
        <Stack gap="lg">
          <Stack gap={4} align="center">
            <IconHeadphones size={40} stroke={1.5} color="var(--mantine-primary-color-filled)" aria-hidden />
            <Title order={1} fz="h2" ta="center">
              {t('auth.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('auth.subtitle')}
            </Text>
          </Stack>
          {regOpen ? (
            <Tabs
              value={activeMode}
              onChange={(value) => setMode(value === 'register' ? 'register' : 'login')}
            >
              <Tabs.List grow aria-label={t('auth.tabs.label')}>
                <Tabs.Tab value="login">{t('auth.tabs.login')}</Tabs.Tab>
                <Tabs.Tab value="register">{t('auth.tabs.register')}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value={activeMode} pt="md">
                {form}
              </Tabs.Panel>
            </Tabs>
          ) : (
            form
          )}
          <Divider label={t('auth.or')} labelPosition="center" />
          <Stack gap={6}>
            <Button
              variant="light"
              leftSection={<IconUserQuestion size={18} />}
              loading={pending === 'guest'}
              onClick={() => void submit('guest', '', '')}
            >
              {t('auth.actions.guest')}
            </Button>
            <Text size="xs" c="dimmed" ta="center">
              {t('auth.guestHint')}
            </Text>
          </Stack>
        </Stack>
      </Paper>
    </Center>
  );
}
