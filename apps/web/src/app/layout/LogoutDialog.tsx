import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The logout confirmation (spec section 2): loaded when first opened, to keep the first page light. */
export default function LogoutDialog({
  name,
  onCancel,
  onConfirm,
}: {
  name: string;
  onCancel(): void;
  onConfirm(): void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onCancel} title={t('common.nav.logoutOf', { name })} centered>
      <Text size="sm">{t('common.nav.logoutConfirm')}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onCancel}>
          {t('common.actions.cancel')}
        </Button>
        <Button color="red" onClick={onConfirm}>
          {t('common.nav.logout')}
        </Button>
      </Group>
    </Modal>
  );
}
