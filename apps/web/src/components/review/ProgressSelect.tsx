import { Button } from '@mantine/core';
import type { ProgressState } from '@sasayaki/api-contract';
import { IconChevronDown, IconHeadphones } from '@tabler/icons-react';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuOnFirstClick } from '../lazy-menu/MenuOnFirstClick';

// The menu's code loads on the button's first click (MenuOnFirstClick).
const ProgressMenu = lazy(() =>
  import('./ProgressMenu').then((module) => ({ default: module.ProgressMenu })),
);

export interface ProgressSelectProps {
  value: ProgressState | null;
  onChange(state: ProgressState): void;
  disabled?: boolean;
}

/** The work page's progress dropdown: the five states, a check on the current one (spec section 2). */
export function ProgressSelect({ value, onChange, disabled }: ProgressSelectProps) {
  const { t } = useTranslation();
  return (
    <MenuOnFirstClick
      button={
        <Button
          variant={value ? 'light' : 'default'}
          leftSection={<IconHeadphones size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          disabled={disabled}
          aria-label={t('review.progressLabel')}
          aria-haspopup="menu"
        >
          {value ? t(`review.progress.${value}`) : t('review.choose')}
        </Button>
      }
      menu={(button) => <ProgressMenu value={value} onChange={onChange} target={button} />}
    />
  );
}
