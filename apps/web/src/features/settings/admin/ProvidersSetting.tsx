import { ActionIcon, Button, Checkbox, Group, Stack } from '@mantine/core';
import { METADATA_PROVIDER_NAMES } from '@sasayaki/api-contract';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettingsEditor } from './editor';
import { AdminSettingRow } from './fields';

type MetadataProviderName = (typeof METADATA_PROVIDER_NAMES)[number];

interface Entry {
  name: MetadataProviderName;
  on: boolean;
}

/** The switched-on providers in their order, then the others (off), as the list the page edits. */
function entriesOf(order: readonly MetadataProviderName[]): Entry[] {
  return [
    ...order.map((name) => ({ name, on: true })),
    ...METADATA_PROVIDER_NAMES.filter((name) => !order.includes(name)).map((name) => ({ name, on: false })),
  ];
}

/** Metadata providers: ticked ones are on, in the order listed; moved with the arrows, saved with the button. */
export function ProvidersSetting() {
  const { t } = useTranslation();
  const editor = useSettingsEditor();
  const current = editor.view.metadataProviders;
  const [entries, setEntries] = useState(() => entriesOf(current));
  useEffect(() => setEntries(entriesOf(current)), [current]);
  const locked = editor.isLocked('metadataProviders');
  const move = (index: number, by: -1 | 1) => {
    const next = [...entries];
    const [entry] = next.splice(index, 1);
    if (entry) next.splice(index + by, 0, entry);
    setEntries(next);
  };
  const order = entries.filter((entry) => entry.on).map((entry) => entry.name);
  const changed = order.join() !== current.join();
  return (
    <AdminSettingRow
      name="metadataProviders"
      label={t('adminSettings.metadata.providers')}
      hint={t('adminSettings.metadata.providersHint')}
    >
      <Stack gap={4}>
        {entries.map((entry, index) => {
          const label = t(`adminSettings.metadata.names.${entry.name}`);
          return (
            <Group key={entry.name} gap="xs" wrap="nowrap" data-provider={entry.name}>
              <Checkbox
                label={label}
                checked={entry.on}
                disabled={locked}
                onChange={(event) => {
                  const on = event.currentTarget.checked;
                  setEntries(entries.map((other) => (other.name === entry.name ? { ...other, on } : other)));
                }}
                style={{ flex: 1 }}
              />
              <ActionIcon
                variant="subtle"
                aria-label={t('adminSettings.metadata.up', { name: label })}
                disabled={locked || index === 0}
                onClick={() => move(index, -1)}
              >
                <IconArrowUp size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                aria-label={t('adminSettings.metadata.down', { name: label })}
                disabled={locked || index === entries.length - 1}
                onClick={() => move(index, 1)}
              >
                <IconArrowDown size={16} />
              </ActionIcon>
            </Group>
          );
        })}
        <Button
          size="xs"
          disabled={locked || !changed || order.length === 0}
          onClick={() => void editor.save({ metadataProviders: order })}
        >
          {t('adminSettings.metadata.save')}
        </Button>
      </Stack>
    </AdminSettingRow>
  );
}
