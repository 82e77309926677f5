import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../../lib/format';

export interface StartPromptProps {
  title: string;
  position: number;
  onChoose(position: number): void;
  onClose(): void;
}

/**
 * Starting a track that has a saved position, with the "ask" setting: resume there or from the start.
 * Its own chunk, loaded the first time it is needed. The choice is a tap, so the sound may start.
 */
export default function StartPrompt({ title, position, onChoose, onClose }: StartPromptProps) {
  const { t } = useTranslation();
  const time = formatDuration(position);
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('work.startPrompt.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.actions.close') }}
    >
      <Text fz="sm" mb="md" style={{ overflowWrap: 'anywhere' }}>
        {t('work.startPrompt.body', { title, time })}
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => onChoose(0)}>
          {t('work.startPrompt.fromStart')}
        </Button>
        <Button data-autofocus onClick={() => onChoose(position)}>
          {t('work.startPrompt.resume', { time })}
        </Button>
      </Group>
    </Modal>
  );
}
