import { Badge, NumberInput, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import type { AdminSettingKey, AdminSettingValues } from '@sasayaki/api-contract';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingRow } from '../SettingRow';
import { useSettingsEditor } from './editor';

type KeysOf<T> = { [K in AdminSettingKey]: AdminSettingValues[K] extends T ? K : never }[AdminSettingKey];

/** Where the value comes from, and why it cannot be changed here when it cannot. */
function SourceNote({ name }: { name: AdminSettingKey }) {
  const { t } = useTranslation();
  const editor = useSettingsEditor();
  const source = editor.view.sources[name];
  return (
    <Stack gap={2}>
      <Badge
        variant="light"
        color={source === 'environment' ? 'orange' : 'gray'}
        data-testid={`source-${name}`}
      >
        {t(`adminSettings.source.${source}`)}
      </Badge>
      {editor.isLocked(name) && (
        <Text size="xs" c="dimmed">
          {t('adminSettings.locked')}
        </Text>
      )}
    </Stack>
  );
}

/** One setting: label, hint, source, the control, and the server's reason when it refused a change. */
export function AdminSettingRow({
  name,
  label,
  hint,
  children,
}: {
  name: AdminSettingKey;
  label: string;
  hint?: string;
  children: ReactNode;
}) {
  const error = useSettingsEditor().errorOf(name);
  return (
    <Stack gap={4} data-setting={name}>
      <SettingRow label={label} hint={hint} labelId={`setting-${name}`}>
        <Stack gap={4} align="flex-end">
          {children}
          <SourceNote name={name} />
        </Stack>
      </SettingRow>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

export function SwitchSetting({
  name,
  label,
  hint,
}: {
  name: KeysOf<boolean>;
  label: string;
  hint?: string;
}) {
  const editor = useSettingsEditor();
  return (
    <AdminSettingRow name={name} label={label} hint={hint}>
      <Switch
        aria-labelledby={`setting-${name}`}
        checked={editor.view[name]}
        disabled={editor.isLocked(name)}
        onChange={(event) => void editor.save({ [name]: event.currentTarget.checked })}
      />
    </AdminSettingRow>
  );
}

/** A number saved when the field is left or Enter is pressed, if it changed. */
export function NumberSetting({
  name,
  label,
  hint,
  min,
  max,
}: {
  name: KeysOf<number>;
  label: string;
  hint?: string;
  min: number;
  max: number;
}) {
  const editor = useSettingsEditor();
  const current = editor.view[name];
  const [value, setValue] = useState<string | number>(current);
  useEffect(() => setValue(current), [current]);
  const commit = () => {
    if (typeof value === 'number' && value !== current) void editor.save({ [name]: value });
  };
  return (
    <AdminSettingRow name={name} label={label} hint={hint}>
      <NumberInput
        aria-labelledby={`setting-${name}`}
        value={value}
        onChange={setValue}
        onBlur={commit}
        onKeyDown={(event) => event.key === 'Enter' && commit()}
        min={min}
        max={max}
        allowDecimal={false}
        disabled={editor.isLocked(name)}
        w={160}
      />
    </AdminSettingRow>
  );
}

/** Text (one line), or a list of lines when `lines` (one entry a line); saved when left, if changed. */
export function TextSetting({
  name,
  label,
  hint,
  placeholder,
}: {
  name: 'scanSchedule' | 'trustProxy' | 'corsOrigins';
  label: string;
  hint?: string;
  placeholder?: string;
}) {
  const editor = useSettingsEditor();
  const stored = editor.view[name];
  const current = Array.isArray(stored) ? stored.join('\n') : stored;
  const [value, setValue] = useState(current);
  useEffect(() => setValue(current), [current]);
  const commit = () => {
    if (value === current) return;
    const entries = value
      .split(/[\n,]/)
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
    void editor.save(name === 'corsOrigins' ? { corsOrigins: entries } : { [name]: value.trim() });
  };
  const common = {
    'aria-labelledby': `setting-${name}`,
    value,
    placeholder,
    disabled: editor.isLocked(name),
    onBlur: commit,
    w: 280,
  };
  return (
    <AdminSettingRow name={name} label={label} hint={hint}>
      {Array.isArray(stored) ? (
        <Textarea
          {...common}
          autosize
          minRows={2}
          onChange={(event) => setValue(event.currentTarget.value)}
        />
      ) : (
        <TextInput
          {...common}
          onChange={(event) => setValue(event.currentTarget.value)}
          onKeyDown={(event) => event.key === 'Enter' && commit()}
        />
      )}
    </AdminSettingRow>
  );
}
