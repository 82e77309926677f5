import { Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../api/client';
import { useIdleStarted } from '../../lib/idle';
import { readString, STORAGE_KEYS, writeString } from '../../lib/storage';
import { iosVersion, needsIosUpgrade, versionDecision } from './rules';
import { showNotice } from './show';

interface VersionBody {
  version: string;
  update_available: boolean;
  notifyUser: boolean;
  lockFileExists: boolean;
  lockReason: string | null;
}

/** Spec section 9: the update notice lasts 10 s; the lock warning 60 s (section 8). */
export const NEW_VERSION_MS = 10_000;
export const LOCK_WARNING_MS = 60_000;
const IOS_NEVER_KEY = 'never_shown_need_upgrade_iOS_15_6_1';

/** Shows the app-wide notices once per session: new version, maintenance lock, old iOS. */
export function Notices() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const shown = useRef({ version: false, ios: false });
  // Asked once the first screen has settled (start-up's idle time): a notice is no part of it, and on a
  // phone the request and the render of its answer were one more round trip and task before the first
  // screen's largest paint (issue 14).
  const version = useQuery({
    queryKey: ['version'],
    queryFn: () => api<VersionBody>('/api/version'),
    staleTime: Number.POSITIVE_INFINITY,
    enabled: useIdleStarted(),
  });

  useEffect(() => {
    if (shown.current.ios) return;
    shown.current.ios = true;
    if (readString(IOS_NEVER_KEY) === 'true') return;
    if (!needsIosUpgrade(iosVersion(navigator.userAgent, navigator.maxTouchPoints))) return;
    const id = 'ios-upgrade';
    void showNotice({
      id,
      color: 'yellow',
      autoClose: NEW_VERSION_MS,
      message: (
        <Stack gap={6}>
          <Text size="sm">{t('notices.ios')}</Text>
          <NoticeAction
            label={t('notices.neverShow')}
            onClick={async () => {
              writeString(IOS_NEVER_KEY, 'true');
              (await import('@mantine/notifications')).notifications.hide(id);
            }}
          />
        </Stack>
      ),
    });
  }, [t]);

  useEffect(() => {
    const data = version.data;
    if (!data || shown.current.version) return;
    shown.current.version = true;
    const decision = versionDecision(data.version, readString(STORAGE_KEYS.localVersion));
    if (decision === 'notify') {
      void showNotice({
        title: t('notices.newVersion'),
        message: t('notices.newVersionDetail', { version: `v${data.version}` }),
        color: 'dusk',
        autoClose: NEW_VERSION_MS,
      });
    }
    if (decision !== 'none') writeString(STORAGE_KEYS.localVersion, data.version);
    if (data.update_available && data.notifyUser) {
      void showNotice({ message: t('notices.updateAvailable'), color: 'blue', autoClose: NEW_VERSION_MS });
    }
    if (data.lockFileExists) {
      const id = 'lock-file';
      void showNotice({
        id,
        title: t('notices.lock'),
        color: 'orange',
        autoClose: LOCK_WARNING_MS,
        message: (
          <Stack gap={6}>
            {data.lockReason && <Text size="sm">{data.lockReason}</Text>}
            <NoticeAction
              label={t('notices.lockAction')}
              onClick={async () => {
                (await import('@mantine/notifications')).notifications.hide(id);
                navigate('/admin/scanner');
              }}
            />
          </Stack>
        ),
      });
    }
  }, [version.data, t, navigate]);

  return null;
}

function NoticeAction({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <Group justify="flex-end">
      <Button size="compact-sm" variant="light" onClick={onClick}>
        {label}
      </Button>
    </Group>
  );
}
