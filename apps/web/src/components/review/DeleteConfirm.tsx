import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface DeleteConfirmProps {
  opened: boolean;
  loading?: boolean;
  onYes(): void;
  onNo(): void;
}

/** The second, yes/no confirmation before a marker is deleted: its own dialog, 300 px wide (spec section 2). */
export function DeleteConfirm({ opened, loading, onYes, onNo }: DeleteConfirmProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onNo}
      size={300}
      centered
      title={t('review.deleteTitle')}
      zIndex={300}
      closeButtonProps={{ 'aria-label': t('common.actions.close') }}
    >
      <Text size="sm">{t('review.deleteConfirm')}</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onNo} disabled={loading}>
          {t('common.actions.no')}
        </Button>
        <Button color="red.7" onClick={onYes} loading={loading} data-autofocus>
          {t('common.actions.yes')}
        </Button>
      </Group>
    </Modal>
  );
}
