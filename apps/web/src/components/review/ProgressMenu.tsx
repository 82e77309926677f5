import { Menu } from '@mantine/core';
import { PROGRESS_STATES, type ProgressState } from '@sasayaki/api-contract';
import { IconCheck } from '@tabler/icons-react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

/** The five progress states around `target` (ProgressSelect's button), opened when it mounts. */
export function ProgressMenu({
  value,
  onChange,
  target,
}: {
  value: ProgressState | null;
  onChange(state: ProgressState): void;
  target: ReactElement;
}) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-start" withinPortal shadow="md" defaultOpened>
      <Menu.Target>{target}</Menu.Target>
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
