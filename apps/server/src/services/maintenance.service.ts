import type { SettingsRepository } from '../repositories/settings.repository.js';

const LOCK_KEY = 'maintenance_lock';

/**
 * The maintenance lock of `/api/version`: set when the library needs a rescan that an administrator must
 * run (a migration that needs file data re-read sets it), cleared when a full scan finishes.
 */
export class MaintenanceService {
  constructor(private readonly settings: SettingsRepository) {}

  lockReason(): Promise<string | null> {
    return this.settings.get(LOCK_KEY);
  }

  lock(reason: string): Promise<void> {
    return this.settings.set(LOCK_KEY, reason);
  }

  unlock(): Promise<void> {
    return this.settings.delete(LOCK_KEY);
  }
}
