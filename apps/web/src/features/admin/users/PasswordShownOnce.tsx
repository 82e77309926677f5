import { Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import type { GeneratedPassword } from '@sasayaki/api-contract';
import { IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The generated password, shown once: the server keeps only its hash, and closing forgets it here too. */
export function PasswordShownOnce({ generated, onClose }: { generated: GeneratedPassword; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={t('users.reset.title', { name: generated.name })} centered>
      <Stack>
        <Text fz="sm">{t('users.reset.once', { name: generated.name })}</Text>
        <Code block fz="lg" data-testid="generated-password">
          {generated.password}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={generated.password}>
            {({ copy }) => (
              <Button variant="light" leftSection={<IconCopy size={16} />} onClick={copy}>
                {t('users.reset.copy')}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>{t('users.reset.close')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
