import { Chip, Group } from '@mantine/core';
import { PROGRESS_STATES, type ProgressState } from '@sasayaki/api-contract';
import { useTranslation } from 'react-i18next';
import { progressLabelKey } from './progress';

export interface ProgressToggleProps {
  value: ProgressState | null;
  onChange(state: ProgressState | null): void;
  disabled?: boolean;
  size?: 'xs' | 'sm' | 'md';
}

/** The five progress states as a toggle: choosing the current state again turns it off. */
export function ProgressToggle({ value, onChange, disabled, size = 'sm' }: ProgressToggleProps) {
  const { t } = useTranslation();
  return (
    <Group gap={6} role="group" aria-label={t('review.progressLabel')}>
      {PROGRESS_STATES.map((state) => (
        <Chip
          key={state}
          size={size}
          checked={value === state}
          disabled={disabled}
          onChange={() => onChange(value === state ? null : state)}
        >
          {t(progressLabelKey(state))}
        </Chip>
      ))}
    </Group>
  );
}
