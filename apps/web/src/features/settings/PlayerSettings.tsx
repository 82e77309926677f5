import { Card, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { normaliseResumeMode, RESUME_MODES, SEEK_TIME_OPTIONS } from '../../lib/shared-config';
import { SettingRow } from './SettingRow';
import { useSharedConfig } from './use-shared-config';

function seekOptions(current: number, label: (count: number) => string) {
  const values = [...new Set<number>([...SEEK_TIME_OPTIONS, current])].sort((a, b) => a - b);
  return values.map((value) => ({ value: String(value), label: label(value) }));
}

const RESUME_LABELS = { ask: 'resumeAsk', always: 'resumeAlways', never: 'resumeNever' } as const;

/** Seek times, sound quality, subtitle display mode and resuming: the player reads them from `sharedConfig`. */
export function PlayerSettings() {
  const { t } = useTranslation();
  const [config, update] = useSharedConfig();
  const seconds = (count: number) => t('settings.player.seconds', { count });
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="lg">
        <div>
          <Title order={2} fz="h4">
            {t('settings.player.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('settings.player.description')}
          </Text>
        </div>
        <SettingRow
          labelId="rewind"
          label={t('settings.player.rewind')}
          hint={t('settings.player.rewindHint')}
        >
          <SegmentedControl
            aria-labelledby="rewind"
            data={seekOptions(config.rewindSeekTime, seconds)}
            value={String(config.rewindSeekTime)}
            onChange={(value) => update({ rewindSeekTime: Number(value) })}
          />
        </SettingRow>
        <SettingRow
          labelId="forward"
          label={t('settings.player.forward')}
          hint={t('settings.player.forwardHint')}
        >
          <SegmentedControl
            aria-labelledby="forward"
            data={seekOptions(config.forwardSeekTime, seconds)}
            value={String(config.forwardSeekTime)}
            onChange={(value) => update({ forwardSeekTime: Number(value) })}
          />
        </SettingRow>
        <SettingRow
          labelId="quality"
          label={t('settings.player.quality')}
          hint={t('settings.player.qualityHint')}
        >
          <SegmentedControl
            aria-labelledby="quality"
            data={[
              { value: 'fluentFirst', label: t('settings.player.fluentFirst') },
              { value: 'qualityFirst', label: t('settings.player.qualityFirst') },
            ]}
            value={config.qualityBehavior}
            onChange={(value) =>
              update({ qualityBehavior: value === 'qualityFirst' ? 'qualityFirst' : 'fluentFirst' })
            }
          />
        </SettingRow>
        <SettingRow
          labelId="subtitles"
          label={t('settings.player.subtitles')}
          hint={t('settings.player.subtitlesHint')}
        >
          <SegmentedControl
            aria-labelledby="subtitles"
            data={[
              { value: 'in-app', label: t('settings.player.inApp') },
              { value: 'pip', label: t('settings.player.pip') },
            ]}
            value={config.subtitleDisplayMode}
            onChange={(value) => update({ subtitleDisplayMode: value === 'pip' ? 'pip' : 'in-app' })}
          />
        </SettingRow>
        <SettingRow
          labelId="resume"
          label={t('settings.player.resume')}
          hint={t('settings.player.resumeHint')}
        >
          <SegmentedControl
            aria-labelledby="resume"
            data={RESUME_MODES.map((mode) => ({
              value: mode,
              label: t(`settings.player.${RESUME_LABELS[mode]}`),
            }))}
            value={config.resumeMode}
            onChange={(value) => update({ resumeMode: normaliseResumeMode(value) })}
          />
        </SettingRow>
      </Stack>
    </Card>
  );
}
