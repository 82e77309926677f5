import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../../config/config.js';
import { listenToChannel, notifyChannel } from '../../db/notify-channel.js';
import type { Database } from '../../db/schema.js';
import { Conflict } from '../../errors.js';
import type { ScheduledScans } from '../../jobs/scan-schedule.js';
import type { Transcoder } from '../../media/transcoder.js';
import { LibraryFolderRepository } from '../../repositories/library-folder.repository.js';
import type { SettingsRepository } from '../../repositories/settings.repository.js';
import type { AccountService } from '../account.service.js';
import type { LibraryRoots } from '../library-roots.js';
import type { RuntimeSettingsService } from '../runtime-settings.service.js';
import { AdminSettingsService } from './admin-settings.service.js';
import { SettingsFollower } from './settings-follower.js';

/** PostgreSQL's channel on which a process that saved settings tells the others (settings-follower.ts). */
export const SETTINGS_CHANNEL = 'sasayaki_settings';
/** How often each process reads the saved settings again (two rows by key): SQLite's only way, PG's safety net. */
export const SETTINGS_CHECK_MS = 2_000;

export interface AdminSettingsParts {
  config: Config;
  db: Kysely<Database>;
  settings: SettingsRepository;
  runtimeSettings: RuntimeSettingsService;
  libraryRoots: LibraryRoots;
  transcoder: Pick<Transcoder, 'setBitrate' | 'setCacheBytes'>;
  scheduledScans: Pick<ScheduledScans, 'changed'>;
  /** The library watcher, started again with the new mode. */
  watcher: { restart(): Promise<void> };
  accounts: Pick<AccountService, 'forgetSessions' | 'bootstrap'>;
  /** Edition groups placed again once works are hidden (metadata/work-metadata-store.ts). */
  placeEditionGroupsOf(workIds: readonly number[]): Promise<void>;
  catalogueChanged(): void;
  scans: { start(mode: 'incremental'): Promise<unknown> };
  logger: Logger;
}

/** The Settings page's service with what each change sets in motion in this process. */
export function createAdminSettings(parts: AdminSettingsParts): AdminSettingsService {
  const { config, logger } = parts;
  return new AdminSettingsService({
    config,
    store: parts.settings,
    runtime: parts.runtimeSettings,
    roots: parts.libraryRoots,
    folders: new LibraryFolderRepository(parts.db),
    warn: (message, details) => logger.warn(details, message),
    now: () => new Date().toISOString(),
    effects: {
      async accountsChanged(settings) {
        parts.accounts.forgetSessions();
        // Turning guest access on must leave a guest account to log in with.
        if (settings.guest) await parts.accounts.bootstrap();
      },
      async configChanged(keys) {
        if (keys.includes('transcodeBitrateKbps')) parts.transcoder.setBitrate(config.transcode.bitrateKbps);
        if (keys.includes('transcodeCacheMegabytes')) {
          await parts.transcoder.setCacheBytes(config.transcode.cacheBytes);
        }
        if (keys.includes('scanSchedule')) parts.scheduledScans.changed(config.scan.schedule);
        if (keys.includes('watch')) await parts.watcher.restart();
      },
      async worksHidden(ids) {
        await parts.placeEditionGroupsOf(ids);
        parts.catalogueChanged();
      },
      async announceSaved() {
        // SQLite has no notifications: the other processes' periodic check finds the change.
        if (config.database.kind === 'postgres') await notifyChannel(parts.db, SETTINGS_CHANNEL);
      },
      async scanAddedFolders() {
        try {
          await parts.scans.start('incremental');
          return true;
        } catch (error) {
          if (error instanceof Conflict) return false;
          throw error;
        }
      },
    },
  });
}

/**
 * Keeps this process's settings as another process on the same database saved them (several servers on one
 * PostgreSQL, or on one SQLite file): at once on a NOTIFY, else within SETTINGS_CHECK_MS. Started here;
 * `close()` before the database closes.
 */
export function followSavedSettings(
  service: AdminSettingsService,
  config: Config,
  logger: Logger,
): SettingsFollower {
  const database = config.database;
  const onError = (error: unknown) =>
    logger.warn({ err: error }, 'saved settings of other processes not followed');
  const follower = new SettingsFollower(service, {
    checkEveryMs: SETTINGS_CHECK_MS,
    ...(database.kind === 'postgres'
      ? { listen: (onSaved) => listenToChannel(database.url, SETTINGS_CHANNEL, onSaved, onError) }
      : {}),
    onError,
  });
  follower.start();
  return follower;
}
