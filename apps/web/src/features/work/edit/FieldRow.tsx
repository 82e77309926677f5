import { Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface FieldState {
  /** 'edit' or a provider name; null when nothing knows the field. */
  source: string | null;
  edited: boolean;
  /** The value a revert gives, as text, and whose it is; null when no provider knows the field. */
  fallback: { text: string; provider: string } | null;
}

interface FieldRowProps {
  label: string;
  state: FieldState;
  reverting: boolean;
  onRevert(): void;
  children: ReactNode;
}

/** One field of the Edit dialog: its input, where its value comes from, and a revert when edited by hand. */
export function FieldRow({ label, state, reverting, onRevert, children }: FieldRowProps) {
  const { t } = useTranslation();
  const sourceName = (source: string | null) =>
    t(`workEdit.sources.${source ?? 'none'}`, { defaultValue: source ?? '' });
  const revertLabel = state.fallback
    ? t('workEdit.revertTo', { value: state.fallback.text, source: sourceName(state.fallback.provider) })
    : t('workEdit.revertToNothing');
  return (
    <Stack gap={4}>
      {children}
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Text fz="xs" c="dimmed" data-field-source={state.source ?? 'none'}>
          {t('workEdit.source', { source: sourceName(state.source) })}
        </Text>
        {state.edited && (
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconArrowBackUp size={14} aria-hidden />}
            loading={reverting}
            onClick={onRevert}
            aria-label={`${revertLabel}: ${label}`}
            title={revertLabel}
          >
            {t('workEdit.revert')} · {label}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
