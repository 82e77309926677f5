import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconHeartHandshake } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function EmptyState({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="sm" py={48} ta="center">
      <ThemeIcon size={56} radius="xl" variant="light" color="gray">
        <IconHeartHandshake size={28} aria-hidden />
      </ThemeIcon>
      <Text c="dimmed" maw={420}>
        {message}
      </Text>
      <Button component={Link} to="/works" variant="light">
        {t('favourites.empty.browse')}
      </Button>
    </Stack>
  );
}
