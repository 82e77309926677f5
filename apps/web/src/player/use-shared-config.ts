import { useSyncExternalStore } from 'react';
import { readSharedConfig, SHARED_CONFIG_EVENT, type SharedConfig } from '../lib/shared-config';

let cached: SharedConfig | null = null;

function subscribe(callback: () => void): () => void {
  const onChange = () => {
    cached = null;
    callback();
  };
  window.addEventListener(SHARED_CONFIG_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(SHARED_CONFIG_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

function snapshot(): SharedConfig {
  cached ??= readSharedConfig();
  return cached;
}

/** The settings page's player settings (seek times, quality, subtitle display mode), live. */
export function useSharedConfig(): SharedConfig {
  return useSyncExternalStore(subscribe, snapshot);
}
