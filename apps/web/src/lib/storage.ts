/**
 * Local and session storage that never throws: private modes and full quotas make storage fail, and the
 * spec says such errors are logged only.
 */
type Area = 'local' | 'session';

function area(kind: Area): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch (error) {
    console.warn('storage unavailable', error);
    return null;
  }
}

export function readString(key: string, kind: Area = 'local'): string | null {
  try {
    return area(kind)?.getItem(key) ?? null;
  } catch (error) {
    console.warn(`storage read failed: ${key}`, error);
    return null;
  }
}

export function writeString(key: string, value: string | null, kind: Area = 'local'): void {
  try {
    const storage = area(kind);
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch (error) {
    console.warn(`storage write failed: ${key}`, error);
  }
}

export function readJson<T>(key: string, fallback: T, kind: Area = 'local'): T {
  const text = readString(key, kind);
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    console.warn(`storage value is not JSON: ${key}`, error);
    return fallback;
  }
}

export function writeJson(key: string, value: unknown, kind: Area = 'local'): void {
  writeString(key, JSON.stringify(value), kind);
}

/** The spec's storage keys (section 3), in one place. */
export const STORAGE_KEYS = {
  token: 'jwt-token',
  dark: 'dark',
  language: 'userPreferredLang',
  sortOption: 'sortOption',
  displayMode: 'displayMode',
  sharedConfig: 'sharedConfig',
  localVersion: 'localVersion',
  firstLaunch: 'isFirstLaunchUser',
  sleepTime: 'sleepTime',
  sleepMode: 'sleepMode',
  /** The player's queue, position and settings (player/store.ts); not a key of the spec. */
  player: 'sasayaki.player',
} as const;
