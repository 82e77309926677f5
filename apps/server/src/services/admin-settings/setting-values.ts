import type { AdminSettingValues } from '@sasayaki/api-contract';
import {
  type Config,
  ConfigError,
  corsOriginsFrom,
  metadataProvidersFrom,
  scanScheduleFrom,
  type TrustProxy,
  trustProxyFrom,
} from '../../config/config.js';
import { Invalid } from '../../errors.js';
import { scheduleText } from '../../jobs/scan-schedule.js';

/** The settings kept in the configuration object (the other four: the runtime switches and the folders). */
export type ConfigSettingKey = Exclude<
  keyof AdminSettingValues,
  'registration' | 'guest' | 'dlsiteFetch' | 'libraryDirs'
>;
export type ConfigSettingValues = Pick<AdminSettingValues, ConfigSettingKey>;

export const CONFIG_SETTING_KEYS: readonly ConfigSettingKey[] = [
  'guestRequestsPerMinute',
  'guestCoversPerMinute',
  'guestConcurrentStreams',
  'loginFailuresPerMinute',
  'loginAddressFailuresPerMinute',
  'loginSlowdownMaxMs',
  'transcodeCacheMegabytes',
  'transcodeBitrateKbps',
  'scanDepth',
  'scanSchedule',
  'watch',
  'metadataProviders',
  'trustProxy',
  'corsOrigins',
];

const MEBIBYTE = 1024 * 1024;

export function trustProxyText(setting: TrustProxy): string {
  if (setting === false) return '';
  return typeof setting === 'number' ? String(setting) : setting.join(', ');
}

/** The values as the Settings page shows them, read from the live configuration. */
export function configSettingValues(config: Config): ConfigSettingValues {
  return {
    guestRequestsPerMinute: config.limits.guestRequestsPerMinute,
    guestCoversPerMinute: config.limits.guestCoversPerMinute,
    guestConcurrentStreams: config.limits.guestConcurrentStreams,
    loginFailuresPerMinute: config.limits.loginFailuresPerMinute,
    loginAddressFailuresPerMinute: config.limits.loginAddressFailuresPerMinute,
    loginSlowdownMaxMs: config.limits.loginSlowdownMaxMs,
    transcodeCacheMegabytes: Math.round(config.transcode.cacheBytes / MEBIBYTE),
    transcodeBitrateKbps: config.transcode.bitrateKbps,
    scanDepth: config.scan.maxDepth,
    scanSchedule: scheduleText(config.scan.schedule),
    watch: config.watch.mode,
    metadataProviders: [...config.metadata.providers],
    trustProxy: trustProxyText(config.trustProxy),
    corsOrigins: [...config.corsOrigins],
  };
}

/** A value the request's schema let through but its setting refuses: 400 naming the setting. */
export function refusedSetting(key: string, message: string, value: unknown): Invalid {
  return new Invalid(message, [{ param: key, location: 'body', msg: message, value }]);
}

/**
 * Writes one checked value into the live configuration, which the parts read when they act: the guest and
 * login limits on each request, the scanner at each scan, the metadata merge at each merge, the CORS and
 * trusted proxy hooks on each request. The parts that hold state of their own (the transcode cache, the
 * schedule, the watcher) are told by the service. Throws Invalid for a value its setting's own
 * rules refuse (400, the same rules as at start-up: config/config.ts), before anything is written.
 */
export function configWriter<K extends ConfigSettingKey>(
  key: K,
  value: ConfigSettingValues[K],
): (config: Config) => void {
  const refused = (error: unknown): never => {
    if (error instanceof ConfigError) throw refusedSetting(key, error.message, value);
    throw error;
  };
  switch (key) {
    case 'scanSchedule': {
      let schedule: Config['scan']['schedule'] = { kind: 'off' };
      try {
        schedule = scanScheduleFrom(value as string, key);
      } catch (error) {
        refused(error);
      }
      return (config) => {
        config.scan.schedule = schedule;
      };
    }
    case 'metadataProviders': {
      let providers: Config['metadata']['providers'] = [];
      try {
        providers = metadataProvidersFrom(value as string[], key);
      } catch (error) {
        refused(error);
      }
      return (config) => {
        config.metadata.providers = providers;
      };
    }
    case 'trustProxy': {
      let trust: TrustProxy = false;
      try {
        trust = trustProxyFrom(value as string, key);
      } catch (error) {
        refused(error);
      }
      return (config) => {
        config.trustProxy = trust;
      };
    }
    case 'corsOrigins': {
      let origins: string[] = [];
      try {
        origins = corsOriginsFrom(value as string[], key);
      } catch (error) {
        refused(error);
      }
      return (config) => {
        config.corsOrigins = origins;
      };
    }
    case 'transcodeCacheMegabytes':
      return (config) => {
        config.transcode.cacheBytes = (value as number) * MEBIBYTE;
      };
    case 'transcodeBitrateKbps':
      return (config) => {
        config.transcode.bitrateKbps = value as number;
      };
    case 'scanDepth':
      return (config) => {
        config.scan.maxDepth = value as number;
      };
    case 'watch':
      return (config) => {
        config.watch.mode = value as Config['watch']['mode'];
      };
    default: {
      const limit = key as keyof Config['limits'] & ConfigSettingKey;
      return (config) => {
        config.limits[limit] = value as number;
      };
    }
  }
}
