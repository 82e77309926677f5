import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One setting: its label and hint on the left, the control on the right (stacked on phones). */
export function SettingRow({
  label,
  hint,
  labelId,
  children,
}: {
  label: string;
  hint?: string;
  labelId: string;
  children: ReactNode;
}) {
  return (
    <Group justify="space-between" align="center" gap="sm" wrap="wrap">
      <Stack gap={2} style={{ flex: '1 1 220px' }}>
        <Text fw={500} id={labelId}>
          {label}
        </Text>
        {hint && (
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        )}
      </Stack>
      {children}
    </Group>
  );
}
