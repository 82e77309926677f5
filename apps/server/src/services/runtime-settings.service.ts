import type { SettingsRepository } from '../repositories/settings.repository.js';

/** Settings an administrator changes while the server runs (`/api/config/admin`); kept in the database. */
export interface RuntimeSettings {
  registration: boolean;
  guest: boolean;
  /** The DLsite fetch job (metadata/fetch-job.ts); its first value is `metadata.dlsite.enabled`. */
  dlsiteFetch: boolean;
}

export const RUNTIME_SETTING_KEYS: readonly (keyof RuntimeSettings)[] = [
  'registration',
  'guest',
  'dlsiteFetch',
];

const KEY = 'runtime_settings';

/**
 * The three switches, read from the database on each use (a login, a registration, a fetch run), so every
 * process sees a change at once. A switch its environment variable sets is the operator's: `fixed` names
 * those, and their configured value wins over anything saved (the Settings page cannot change them: 409).
 */
export class RuntimeSettingsService {
  constructor(
    private readonly settings: Pick<SettingsRepository, 'get' | 'set'>,
    private readonly defaults: RuntimeSettings,
    private readonly fixed: readonly (keyof RuntimeSettings)[] = [],
  ) {}

  async get(): Promise<RuntimeSettings> {
    const current = { ...this.defaults, ...(await this.stored()) };
    for (const key of this.fixed) current[key] = this.defaults[key];
    return current;
  }

  /** Keeps only what an administrator changed, so untouched settings still follow the configuration. */
  async update(changes: Partial<RuntimeSettings>): Promise<RuntimeSettings> {
    await this.settings.set(KEY, JSON.stringify({ ...(await this.stored()), ...changes }));
    return this.get();
  }

  /** What an administrator changed (the Settings page shows those as saved). */
  async stored(): Promise<Partial<RuntimeSettings>> {
    const text = await this.settings.get(KEY);
    return text ? (JSON.parse(text) as Partial<RuntimeSettings>) : {};
  }
}
