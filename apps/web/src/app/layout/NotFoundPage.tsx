import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={480}>
        <Title order={1} fz={64} c="dimmed">
          404
        </Title>
        <Title order={2}>{t('common.errors.notFound')}</Title>
        <Text c="dimmed" ta="center">
          {t('common.errors.notFoundHint')}
        </Text>
        <Button component={Link} to="/works">
          {t('common.errors.goHome')}
        </Button>
      </Stack>
    </Center>
  );
}
