import type { SettingsRepository } from '../repositories/settings.repository.js';

/** Settings an administrator changes while the server runs (`/api/config/admin`); kept in the database. */
export interface RuntimeSettings {
  registration: boolean;
  guest: boolean;
  /** The DLsite fetch job (metadata/fetch-job.ts); its first value is `metadata.dlsite.enabled`. */
  dlsiteFetch: boolean;
}

const KEY = 'runtime_settings';

export class RuntimeSettingsService {
  constructor(
    private readonly settings: SettingsRepository,
    private readonly defaults: RuntimeSettings,
  ) {}

  async get(): Promise<RuntimeSettings> {
    return { ...this.defaults, ...(await this.stored()) };
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
