import { Alert, Button, Card, Group, SegmentedControl, Skeleton, Stack, Title } from '@mantine/core';
import { WATCH_MODES, type WatchMode } from '@sasayaki/api-contract';
import { IconMessageReport, IconRadar, IconUserCog } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAdminSettings } from './api';
import { SettingsEditorProvider, useSettingsEditor } from './editor';
import { AdminSettingRow, NumberSetting, SwitchSetting, TextSetting } from './fields';
import { LibraryFoldersCard } from './LibraryFoldersCard';
import { ProvidersSetting } from './ProvidersSetting';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <Title order={2} fz="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

function WatchSetting() {
  const { t } = useTranslation();
  const editor = useSettingsEditor();
  return (
    <AdminSettingRow
      name="watch"
      label={t('adminSettings.scanning.watch')}
      hint={t('adminSettings.scanning.watchHint')}
    >
      <SegmentedControl
        aria-labelledby="setting-watch"
        value={editor.view.watch}
        disabled={editor.isLocked('watch')}
        onChange={(mode) => void editor.save({ watch: mode as WatchMode })}
        data={WATCH_MODES.map((mode) => ({
          value: mode,
          label: t(`adminSettings.scanning.watchModes.${mode}`),
        }))}
      />
    </AdminSettingRow>
  );
}

function AdminSettingsCards() {
  const { t } = useTranslation();
  const a = (key: string) => t(`adminSettings.access.${key}`);
  return (
    <>
      <LibraryFoldersCard />
      <Section title={a('title')}>
        <SwitchSetting name="registration" label={a('registration')} hint={a('registrationHint')} />
        <SwitchSetting name="guest" label={a('guest')} hint={a('guestHint')} />
        <NumberSetting name="guestRequestsPerMinute" label={a('guestRequests')} min={1} max={1_000_000} />
        <NumberSetting name="guestCoversPerMinute" label={a('guestCovers')} min={1} max={1_000_000} />
        <NumberSetting name="guestConcurrentStreams" label={a('guestStreams')} min={1} max={1000} />
        <NumberSetting name="loginFailuresPerMinute" label={a('loginFailures')} min={1} max={1_000_000} />
        <NumberSetting
          name="loginAddressFailuresPerMinute"
          label={a('loginAddressFailures')}
          min={1}
          max={1_000_000}
        />
        <NumberSetting name="loginSlowdownMaxMs" label={a('loginSlowdown')} min={0} max={60_000} />
      </Section>
      <Section title={t('adminSettings.scanning.title')}>
        <NumberSetting
          name="scanDepth"
          label={t('adminSettings.scanning.depth')}
          hint={t('adminSettings.scanning.depthHint')}
          min={1}
          max={64}
        />
        <TextSetting
          name="scanSchedule"
          label={t('adminSettings.scanning.schedule')}
          hint={t('adminSettings.scanning.scheduleHint')}
          placeholder="daily 04:00"
        />
        <WatchSetting />
      </Section>
      <Section title={t('adminSettings.streams.title')}>
        <NumberSetting
          name="transcodeCacheMegabytes"
          label={t('adminSettings.streams.cache')}
          hint={t('adminSettings.streams.cacheHint')}
          min={16}
          max={16_777_216}
        />
        <NumberSetting
          name="transcodeBitrateKbps"
          label={t('adminSettings.streams.bitrate')}
          hint={t('adminSettings.streams.bitrateHint')}
          min={32}
          max={256}
        />
      </Section>
      <Section title={t('adminSettings.metadata.title')}>
        <SwitchSetting
          name="dlsiteFetch"
          label={t('adminSettings.metadata.dlsite')}
          hint={t('adminSettings.metadata.dlsiteHint')}
        />
        <ProvidersSetting />
      </Section>
      <Section title={t('adminSettings.network.title')}>
        <TextSetting
          name="trustProxy"
          label={t('adminSettings.network.trustProxy')}
          hint={t('adminSettings.network.trustProxyHint')}
        />
        <TextSetting
          name="corsOrigins"
          label={t('adminSettings.network.cors')}
          hint={t('adminSettings.network.corsHint')}
          placeholder="https://app.example"
        />
      </Section>
    </>
  );
}

/**
 * The administrator's part of /settings (lazily loaded: other users never download it): the server's
 * settings, each with its source, saved through `PUT /api/config/admin` and applied without a restart.
 */
export default function AdminSettingsSection() {
  const { t } = useTranslation();
  const settings = useAdminSettings();
  return (
    <Stack gap="lg" data-testid="admin-settings">
      <Section title={t('adminSettings.links.title')}>
        <Group gap="xs">
          <Button component={Link} to="/admin/scanner" variant="light" leftSection={<IconRadar size={18} />}>
            {t('adminSettings.links.scanner')}
          </Button>
          <Button component={Link} to="/admin/users" variant="light" leftSection={<IconUserCog size={18} />}>
            {t('adminSettings.links.users')}
          </Button>
          <Button
            component={Link}
            to="/admin/feedback"
            variant="light"
            leftSection={<IconMessageReport size={18} />}
          >
            {t('adminSettings.links.feedback')}
          </Button>
        </Group>
      </Section>
      {settings.data ? (
        <SettingsEditorProvider view={settings.data}>
          <AdminSettingsCards />
        </SettingsEditorProvider>
      ) : settings.error ? (
        <Alert color="red">{t('adminSettings.loadFailed')}</Alert>
      ) : (
        <Skeleton h={320} radius="lg" />
      )}
    </Stack>
  );
}
