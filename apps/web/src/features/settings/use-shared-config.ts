import { useEffect, useState } from 'react';
import {
  readSharedConfig,
  SHARED_CONFIG_EVENT,
  type SharedConfig,
  writeSharedConfig,
} from '../../lib/shared-config';
import { STORAGE_KEYS } from '../../lib/storage';

/** The stored player settings, kept in step with other tabs and with writes from elsewhere in the app. */
export function useSharedConfig(): [SharedConfig, (patch: Partial<SharedConfig>) => void] {
  const [config, setConfig] = useState(readSharedConfig);
  useEffect(() => {
    const reload = () => setConfig(readSharedConfig());
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === STORAGE_KEYS.sharedConfig) reload();
    };
    window.addEventListener(SHARED_CONFIG_EVENT, reload);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(SHARED_CONFIG_EVENT, reload);
      window.removeEventListener('storage', onStorage);
    };
  }, []);
  return [config, (patch) => setConfig(writeSharedConfig(patch))];
}
