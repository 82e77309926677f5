import { z } from 'zod';
import { SETTING_SOURCES, WATCH_MODES } from './admin-setting-constants.js';
import { METADATA_PROVIDER_NAMES } from './constants.js';
import { AdminSettings } from './schemas.js';

// ---- the Settings page's administrator part (issue 15 item 1; docs/administration.md) ----

const count = (max: number) => z.number().int().min(1).max(max);

/** Every setting of the page, by the name `PUT /api/config/admin` takes. */
export const AdminSettingValues = AdminSettings.extend({
  libraryDirs: z
    .array(z.string().min(1).max(4096))
    .max(64)
    .describe('Absolute paths of the library folders; a removed one hides its works (never deleted)'),
  guestRequestsPerMinute: count(1_000_000),
  guestCoversPerMinute: count(1_000_000),
  guestConcurrentStreams: count(1000),
  loginFailuresPerMinute: count(1_000_000),
  loginAddressFailuresPerMinute: count(1_000_000),
  loginSlowdownMaxMs: z.number().int().min(0).max(60_000),
  transcodeCacheMegabytes: z.number().int().min(16).max(16_777_216),
  transcodeBitrateKbps: z
    .number()
    .int()
    .min(32)
    .max(256)
    .describe('Bitrate of the low-bitrate streams (quality); files made at another bitrate are made again'),
  scanDepth: z.number().int().min(1).max(64).describe('How many folder levels below a library folder'),
  scanSchedule: z
    .string()
    .max(100)
    .describe(
      '"off", "daily HH:MM", or a 5-field cron expression "minute hour day-of-month month day-of-week" ' +
        "(*, lists 1,15, ranges 1-5, steps */15, names jan-dec and sun-sat); in the server's local time",
    ),
  watch: z.enum(WATCH_MODES).describe('The library watcher: file-system events, polling, or off'),
  metadataProviders: z
    .array(z.enum(METADATA_PROVIDER_NAMES))
    .min(1)
    .max(METADATA_PROVIDER_NAMES.length)
    .describe('Providers in the order their values win; one left out is off'),
  trustProxy: z
    .string()
    .max(2000)
    .describe('"" (nobody), a hop count, or comma-separated proxy addresses and CIDR ranges'),
  corsOrigins: z
    .array(z.string().max(300))
    .max(100)
    .describe('Origins whose pages may call the API; * for any'),
});
export type AdminSettingValues = z.infer<typeof AdminSettingValues>;

export type AdminSettingKey = keyof AdminSettingValues;

/** A library folder as the page lists it. */
export const LibraryFolderView = z.object({
  path: z.string(),
  works: z.number().int().describe('Present works the folder holds: hidden if the folder is removed'),
});
export type LibraryFolderView = z.infer<typeof LibraryFolderView>;

export const AdminSettingsView = AdminSettingValues.extend({
  sources: z.record(AdminSettingValues.keyof(), z.enum(SETTING_SOURCES)),
  libraryFolders: z.array(LibraryFolderView),
});
export type AdminSettingsView = z.infer<typeof AdminSettingsView>;

/** Only the settings that change; an environment-set one is refused (409, naming it). */
export const AdminSettingsChange = AdminSettingValues.partial().strict();
export type AdminSettingsChange = z.infer<typeof AdminSettingsChange>;

/** The answer to a save: the settings now, and what the change of library folders did. */
export const AdminSettingsSaved = AdminSettingsView.extend({
  hiddenWorks: z.number().int().describe('Works hidden because their folder was removed'),
  scanStarted: z.boolean().describe('A scan of the added folders started (false: one was running)'),
});
export type AdminSettingsSaved = z.infer<typeof AdminSettingsSaved>;
