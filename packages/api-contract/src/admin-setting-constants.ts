// Constants of the Settings page's administrator part, shared by the server and the web app as values.

/**
 * Where a setting's value comes from: the built-in default, `<data>/config.json`, an environment variable
 * (shown read-only: the server refuses to change it), or saved from the Settings page (kept in the
 * database, applied at once and at every start).
 */
export const SETTING_SOURCES = ['default', 'file', 'environment', 'saved'] as const;
export type SettingSource = (typeof SETTING_SOURCES)[number];

/** The library watcher: file-system events (local disks), polling (network mounts), or off. */
export const WATCH_MODES = ['events', 'poll', 'off'] as const;
export type WatchMode = (typeof WATCH_MODES)[number];
