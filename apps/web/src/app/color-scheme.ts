import { localStorageColorSchemeManager, type MantineColorSchemeManager } from '@mantine/core';
import { readString, STORAGE_KEYS, writeString } from '../lib/storage';

/**
 * Mantine's colour scheme kept in the spec's `dark` key ("true"/"false"), so the setting survives a
 * reload and follows the ecosystem's storage layout.
 */
export function darkKeyColorSchemeManager(): MantineColorSchemeManager {
  const fallback = localStorageColorSchemeManager({ key: 'mantine-color-scheme' });
  return {
    ...fallback,
    get: (defaultValue) => {
      const stored = readString(STORAGE_KEYS.dark);
      if (stored === 'true') return 'dark';
      if (stored === 'false') return 'light';
      return defaultValue;
    },
    set: (value) => writeString(STORAGE_KEYS.dark, String(value === 'dark')),
  };
}
