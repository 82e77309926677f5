import { Button, Menu } from '@mantine/core';
import { PROGRESS_STATES, type ProgressState } from '@sasayaki/api-contract';
import { IconCheck, IconChevronDown, IconHeadphones } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface ProgressSelectProps {
  value: ProgressState | null;
  onChange(state: ProgressState): void;
  disabled?: boolean;
}

/** The work page's progress dropdown: the five states, a check on the current one (spec section 2). */
export function ProgressSelect({ value, onChange, disabled }: ProgressSelectProps) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-start" withinPortal shadow="md">
      <Menu.Target>
        <Button
          variant={value ? 'light' : 'default'}
          leftSection={<IconHeadphones size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          disabled={disabled}
          aria-label={t('review.progressLabel')}
        >
          {value ? t(`review.progress.${value}`) : t('review.choose')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {PROGRESS_STATES.map((state) => (
          <Menu.Item
            key={state}
            onClick={() => onChange(state)}
            aria-current={state === value ? 'true' : undefined}
            rightSection={state === value ? <IconCheck size={16} aria-label="✓" /> : null}
            fw={state === value ? 600 : undefined}
          >
            {t(`review.progress.${state}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
