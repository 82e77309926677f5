import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router';

/** A screen that failed to load or render: say so, and offer the way home. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError() as Error | undefined;
  console.error(error);
  return (
    <Center h="70vh" p="md">
      <Stack align="center" gap="sm" maw={480}>
        <Title order={2}>{t('common.errors.requestFailed', { message: '' })}</Title>
        <Text c="dimmed" ta="center">
          {error?.message}
        </Text>
        <Button component={Link} to="/works">
          {t('common.errors.goHome')}
        </Button>
      </Stack>
    </Center>
  );
}
