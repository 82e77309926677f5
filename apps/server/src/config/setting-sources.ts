import type { AdminSettingKey } from '@sasayaki/api-contract';
import type { FileConfig } from './config.js';

/** Where a setting was configured at start-up; the Settings page adds `saved` (services/admin-settings/). */
export type ConfiguredSource = 'default' | 'file' | 'environment';
export type ConfiguredSources = Record<AdminSettingKey, ConfiguredSource>;

interface Origin {
  /** The environment variable that sets it. */
  env: string;
  /** Its value in `<data>/config.json`, undefined when the file does not set it. */
  file: (file: FileConfig) => unknown;
}

/** Each setting of the Settings page and where it may be configured (docs/configuration.md). */
export const SETTING_ORIGINS: Record<AdminSettingKey, Origin> = {
  libraryDirs: { env: 'SASAYAKI_LIBRARY', file: (file) => file.libraryDirs },
  registration: { env: 'SASAYAKI_REGISTRATION', file: (file) => file.registration },
  guest: { env: 'SASAYAKI_GUEST', file: (file) => file.guest },
  dlsiteFetch: { env: 'SASAYAKI_DLSITE', file: (file) => file.metadata?.dlsite?.enabled },
  guestRequestsPerMinute: {
    env: 'SASAYAKI_GUEST_REQUESTS_PER_MINUTE',
    file: (file) => file.limits?.guestRequestsPerMinute,
  },
  guestCoversPerMinute: {
    env: 'SASAYAKI_GUEST_COVERS_PER_MINUTE',
    file: (file) => file.limits?.guestCoversPerMinute,
  },
  guestConcurrentStreams: {
    env: 'SASAYAKI_GUEST_STREAMS',
    file: (file) => file.limits?.guestConcurrentStreams,
  },
  loginFailuresPerMinute: {
    env: 'SASAYAKI_LOGIN_FAILURES_PER_MINUTE',
    file: (file) => file.limits?.loginFailuresPerMinute,
  },
  loginAddressFailuresPerMinute: {
    env: 'SASAYAKI_LOGIN_ADDRESS_FAILURES_PER_MINUTE',
    file: (file) => file.limits?.loginAddressFailuresPerMinute,
  },
  loginSlowdownMaxMs: { env: 'SASAYAKI_LOGIN_SLOWDOWN_MS', file: (file) => file.limits?.loginSlowdownMaxMs },
  transcodeCacheMegabytes: {
    env: 'SASAYAKI_TRANSCODE_CACHE_MB',
    file: (file) => file.transcode?.cacheMegabytes,
  },
  transcodeBitrateKbps: { env: 'SASAYAKI_TRANSCODE_KBPS', file: (file) => file.transcode?.bitrateKbps },
  scanDepth: { env: 'SASAYAKI_SCAN_DEPTH', file: (file) => file.scan?.maxDepth },
  scanSchedule: { env: 'SASAYAKI_SCAN_SCHEDULE', file: (file) => file.scan?.schedule },
  watch: { env: 'SASAYAKI_WATCH', file: (file) => file.watch?.mode },
  metadataProviders: { env: 'SASAYAKI_METADATA_PROVIDERS', file: (file) => file.metadata?.providers },
  trustProxy: { env: 'SASAYAKI_TRUST_PROXY', file: (file) => file.trustProxy },
  corsOrigins: { env: 'SASAYAKI_CORS_ORIGINS', file: (file) => file.corsOrigins },
};

/** Where each setting came from: a non-empty environment variable wins over the file, the file over the default. */
export function configuredSources(env: NodeJS.ProcessEnv, file: FileConfig): ConfiguredSources {
  const sources = {} as ConfiguredSources;
  for (const [key, origin] of Object.entries(SETTING_ORIGINS) as Array<[AdminSettingKey, Origin]>) {
    const fromEnv = env[origin.env];
    sources[key] =
      fromEnv !== undefined && fromEnv !== ''
        ? 'environment'
        : origin.file(file) !== undefined
          ? 'file'
          : 'default';
  }
  return sources;
}
