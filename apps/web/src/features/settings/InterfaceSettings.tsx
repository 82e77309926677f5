import { Card, SegmentedControl, Stack, Switch, Title, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../../i18n';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../i18n/languages';
import { useEditionFolding } from '../../lib/edition-folding';
import { SettingRow } from './SettingRow';

/**
 * Interface language (`userPreferredLang`), theme (Mantine's colour scheme, kept in `dark`) and whether the
 * works list shows one card per work with its language editions inside (lib/edition-folding.ts).
 */
export function InterfaceSettings() {
  const { t, i18n } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const { fold, setFold } = useEditionFolding();
  const current = (LANGUAGES as readonly string[]).includes(i18n.language) ? i18n.language : 'en';
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="lg">
        <Title order={2} fz="h4">
          {t('settings.interface.title')}
        </Title>
        <SettingRow labelId="language" label={t('settings.interface.language')}>
          <SegmentedControl
            aria-labelledby="language"
            data={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
            value={current}
            onChange={(value) => setLanguage(value as Language)}
          />
        </SettingRow>
        <SettingRow labelId="theme" label={t('settings.interface.theme')}>
          <SegmentedControl
            aria-labelledby="theme"
            data={[
              { value: 'light', label: <ThemeLabel icon="light" text={t('settings.interface.light')} /> },
              { value: 'dark', label: <ThemeLabel icon="dark" text={t('settings.interface.dark')} /> },
            ]}
            value={colorScheme === 'dark' ? 'dark' : 'light'}
            onChange={(value) => setColorScheme(value === 'dark' ? 'dark' : 'light')}
          />
        </SettingRow>
        <SettingRow
          labelId="fold-editions"
          label={t('settings.interface.foldEditions')}
          hint={t('settings.interface.foldEditionsHint')}
        >
          <Switch
            aria-labelledby="fold-editions"
            checked={fold}
            onChange={(event) => setFold(event.currentTarget.checked)}
          />
        </SettingRow>
      </Stack>
    </Card>
  );
}

function ThemeLabel({ icon, text }: { icon: 'light' | 'dark'; text: string }) {
  const Icon = icon === 'dark' ? IconMoon : IconSun;
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
      <Icon size={14} aria-hidden />
      {text}
    </span>
  );
}
