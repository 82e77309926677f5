import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The guest cannot keep favourites: say so, and offer the way to an account. */
export function GuestNotice() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="xl" maw={560} mx="auto" mt="xl">
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconLock size={28} aria-hidden />
        </ThemeIcon>
        <Title order={3}>{t('favourites.guest.title')}</Title>
        <Text c="dimmed">{t('favourites.guest.body')}</Text>
        <Button component={Link} to="/login" size="md">
          {t('favourites.guest.login')}
        </Button>
      </Stack>
    </Paper>
  );
}
