import { isAbsolute, resolve } from 'node:path';
import type {
  AdminSettingKey,
  AdminSettingsChange,
  AdminSettingsSaved,
  AdminSettingsView,
  SettingSource,
} from '@sasayaki/api-contract';
import type { Config } from '../../config/config.js';
import { libraryFolderProblem } from '../../config/library-folder-check.js';
import { SETTING_ORIGINS } from '../../config/setting-sources.js';
import { Conflict, Invalid } from '../../errors.js';
import type { LibraryFolderRepository } from '../../repositories/library-folder.repository.js';
import type { SettingsRepository } from '../../repositories/settings.repository.js';
import { SerialQueue } from '../../util/serial-queue.js';
import type { LibraryRoots } from '../library-roots.js';
import {
  RUNTIME_SETTING_KEYS,
  type RuntimeSettings,
  type RuntimeSettingsService,
} from '../runtime-settings.service.js';
import {
  CONFIG_SETTING_KEYS,
  type ConfigSettingKey,
  type ConfigSettingValues,
  configSettingValues,
  configWriter,
} from './setting-values.js';

/** Where the page's saved settings are kept (the three runtime switches keep theirs in `runtime_settings`). */
const SAVED_KEY = 'admin_settings';
/** Library folders whose works were hidden because the folder was removed: scanned when configured again. */
const REMOVED_FOLDERS_KEY = 'removed_library_folders';
/** The library folders at the last start or change, so that a start with the same ones reads no works. */
const SERVED_FOLDERS_KEY = 'served_library_folders';

/** What the Settings page saved (key `admin_settings`): only what an administrator changed. */
type SavedSettings = Partial<ConfigSettingValues & { libraryDirs: string[] }>;

/** What the service tells the rest of the process after a change was saved and written. */
export interface AdminSettingsEffects {
  /** Guest or registration changed: drop cached sessions, make the guest account if guests are back. */
  accountsChanged(settings: RuntimeSettings): Promise<void>;
  /** These configuration settings changed (the transcoder, the schedule and the watcher follow). */
  configChanged(keys: readonly ConfigSettingKey[]): Promise<void>;
  /** Works were hidden (their folder removed): the catalogue and edition groups follow. */
  worksHidden(ids: readonly number[]): Promise<void>;
  /** Folders were added: starts a scan; false when one is already running. */
  scanAddedFolders(): Promise<boolean>;
  /** Settings were saved: tells the other processes on the database (PostgreSQL's NOTIFY; SettingsFollower). */
  announceSaved(): Promise<void>;
}

export interface AdminSettingsDeps {
  config: Config;
  store: Pick<SettingsRepository, 'get' | 'set'>;
  runtime: RuntimeSettingsService;
  roots: LibraryRoots;
  folders: Pick<LibraryFolderRepository, 'presentWorksByRoot' | 'hideWorksOf' | 'hideWorksOutside'>;
  effects: AdminSettingsEffects;
  warn: (message: string, details: object) => void;
  now: () => string;
}

/**
 * The Settings page's administrator part (`/api/config/admin`): every setting with its value and where it
 * comes from; a change is checked whole (a bad field changes nothing and is named), saved in the database
 * and applied to this process at once. A setting from an environment variable is the operator's: shown,
 * never changed (409), the runtime switches (registration, guests, DLsite fetching) as every other one
 * (docs/configuration.md).
 */
export class AdminSettingsService {
  /** The saved settings' text as this process last applied it (null: none saved; undefined: not read yet). */
  private appliedText: string | null | undefined;
  /** The runtime switches' saved text as this process last saw it. */
  private runtimeSeen: string | undefined;
  /**
   * Saves and refreshes run one at a time: a refresh that read the saved rows before a save here and went
   * on after it would apply the text from before the save (the setting just saved flipping back until the
   * next check), and two saves would each merge into the text from before the other.
   */
  private readonly queue = new SerialQueue();

  constructor(private readonly deps: AdminSettingsDeps) {}

  /** At start-up: the saved settings replace the file's and the defaults (never the environment's). */
  async load(): Promise<void> {
    await this.refresh();
  }

  /**
   * Applies the saved settings when they are not those this process applied last: at start-up, and when
   * another process may have saved (services/admin-settings/settings-follower.ts). Two reads by key when
   * nothing changed. A saved value that no longer passes its checks is skipped with a warning; a saved
   * folder that is gone is kept (an unmounted disk: the scanner tells). Works of a folder another process
   * removed were hidden by that process; this one stops serving their files and watching the folder.
   * Waits for a save under way here (and a save waits for it).
   */
  refresh(): Promise<void> {
    return this.queue.run(() => this.applySaved());
  }

  private async applySaved(): Promise<void> {
    const { config, roots, store, runtime } = this.deps;
    const [text, runtimeSaved] = await Promise.all([store.get(SAVED_KEY), runtime.stored()]);
    const runtimeText = JSON.stringify(runtimeSaved);
    // The switches are read from the database on each use; what this process keeps of them (sessions) goes.
    if (this.runtimeSeen !== undefined && runtimeText !== this.runtimeSeen) {
      await this.deps.effects.accountsChanged(await runtime.get());
    }
    this.runtimeSeen = runtimeText;
    if (text === this.appliedText) return;
    this.appliedText = text;
    const saved: SavedSettings = text ? JSON.parse(text) : {};
    const before = configSettingValues(config);
    for (const key of CONFIG_SETTING_KEYS) {
      const value = saved[key];
      if (value === undefined || config.sources[key] === 'environment') continue;
      try {
        configWriter(key, value)(config);
      } catch (error) {
        this.deps.warn('saved setting not applied', { setting: key, reason: (error as Error).message });
      }
    }
    const after = configSettingValues(config);
    const changed = CONFIG_SETTING_KEYS.filter(
      (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
    );
    if (saved.libraryDirs && config.sources.libraryDirs !== 'environment') roots.replace(saved.libraryDirs);
    if (changed.length > 0) await this.deps.effects.configChanged(changed);
  }

  async view(): Promise<AdminSettingsView> {
    const { config, roots, runtime, folders } = this.deps;
    const [runtimeValues, runtimeSaved, saved, works] = await Promise.all([
      runtime.get(),
      runtime.stored(),
      this.saved(),
      folders.presentWorksByRoot(),
    ]);
    const sources = {} as Record<AdminSettingKey, SettingSource>;
    for (const key of Object.keys(SETTING_ORIGINS) as AdminSettingKey[]) {
      const configured = config.sources[key];
      const isSaved = key in saved || key in runtimeSaved;
      sources[key] = configured !== 'environment' && isSaved ? 'saved' : configured;
    }
    return {
      ...runtimeValues,
      ...configSettingValues(config),
      libraryDirs: [...roots.list()],
      sources,
      libraryFolders: roots.list().map((path) => ({ path, works: works.get(path) ?? 0 })),
    };
  }

  /** Checks the change whole, saves it and applies it here; one at a time with `refresh` (see `queue`). */
  update(change: AdminSettingsChange): Promise<AdminSettingsSaved> {
    return this.queue.run(() => this.save(change));
  }

  private async save(change: AdminSettingsChange): Promise<AdminSettingsSaved> {
    const current = await this.view();
    const changed = (Object.keys(change) as AdminSettingKey[]).filter(
      (key) => JSON.stringify(change[key]) !== JSON.stringify(current[key]),
    );
    for (const key of changed) {
      if (current.sources[key] === 'environment') {
        throw new Conflict(
          `${key} is set by the environment variable ${SETTING_ORIGINS[key].env}: change it there and restart`,
        );
      }
    }
    // Everything is checked before anything is saved or applied.
    const configKeys = changed.filter((key): key is ConfigSettingKey =>
      (CONFIG_SETTING_KEYS as readonly string[]).includes(key),
    );
    const writers = configKeys.map((key) =>
      configWriter(key, change[key] as ConfigSettingValues[typeof key]),
    );
    const folders =
      change.libraryDirs && changed.includes('libraryDirs')
        ? await this.checkFolders(change.libraryDirs, current.libraryDirs)
        : null;

    const runtimeChange = Object.fromEntries(
      RUNTIME_SETTING_KEYS.filter((key) => change[key] !== undefined).map((key) => [key, change[key]]),
    ) as Partial<RuntimeSettings>;
    const savedChange: Record<string, unknown> = Object.fromEntries(
      configKeys.map((key) => [key, change[key]]),
    );
    if (folders) savedChange.libraryDirs = folders;
    if (Object.keys(savedChange).length > 0) {
      // Applied below, in this process: the follower has nothing left to do for this text.
      this.appliedText = JSON.stringify({ ...(await this.saved()), ...savedChange });
      await this.deps.store.set(SAVED_KEY, this.appliedText);
    }
    if (Object.keys(runtimeChange).length > 0) {
      await this.deps.effects.accountsChanged(await this.deps.runtime.update(runtimeChange));
      this.runtimeSeen = JSON.stringify(await this.deps.runtime.stored());
    }
    if (Object.keys(savedChange).length > 0 || Object.keys(runtimeChange).length > 0) {
      await this.deps.effects.announceSaved();
    }
    for (const write of writers) write(this.deps.config);
    if (configKeys.length > 0) await this.deps.effects.configChanged(configKeys);

    let hiddenWorks = 0;
    let scanStarted = false;
    if (folders) {
      const change = this.deps.roots.replace(folders);
      const hidden = await this.deps.folders.hideWorksOf(change.removed, this.deps.now());
      hiddenWorks = hidden.length;
      await this.removedFolders(change.removed, []);
      await this.deps.store.set(SERVED_FOLDERS_KEY, JSON.stringify(this.deps.roots.list()));
      if (hidden.length > 0) await this.deps.effects.worksHidden(hidden);
      if (change.added.length > 0) scanStarted = await this.deps.effects.scanAddedFolders();
      if (scanStarted) await this.removedFolders([], change.added);
    }
    return { ...(await this.view()), hiddenWorks, scanStarted };
  }

  /**
   * At start-up, before the first request (`serve`; not the other commands, whose environment may differ):
   * the library is the folders configured now. A folder taken out of `config.json` or the environment while
   * the server was down is treated as a removal on this page: its works are hidden (never deleted, reviews
   * kept). A folder removed earlier (here or so) and configured again is scanned, which brings its works
   * back. Returns how many works were hidden and whether that scan started (not while another runs: the
   * next start tries again).
   */
  async settleFoldersAtStart(): Promise<{ hiddenWorks: number; scanStarted: boolean }> {
    const roots = this.deps.roots.list();
    const served = await this.deps.store.get(SERVED_FOLDERS_KEY);
    // The works are looked through (every present one: `root_dir` has no index of its own) only when the
    // folders differ from those of the last start or change, or were never recorded.
    const unchanged = served !== null && sameFolders(JSON.parse(served), roots);
    const hidden = unchanged
      ? { ids: [], roots: [] }
      : await this.deps.folders.hideWorksOutside(roots, this.deps.now());
    if (!unchanged) await this.deps.store.set(SERVED_FOLDERS_KEY, JSON.stringify(roots));
    if (hidden.ids.length > 0) {
      this.deps.warn('library folders no longer configured: their works are hidden', {
        folders: hidden.roots,
        works: hidden.ids.length,
      });
      await this.deps.effects.worksHidden(hidden.ids);
    }
    const removed = await this.removedFolders(hidden.roots, []);
    const back = removed.filter((root) => roots.includes(root));
    const scanStarted = back.length > 0 && (await this.deps.effects.scanAddedFolders());
    if (scanStarted) await this.removedFolders([], back);
    return { hiddenWorks: hidden.ids.length, scanStarted };
  }

  /** The list of removed folders with `add` recorded and `forget` dropped; saved when it changed. */
  private async removedFolders(add: readonly string[], forget: readonly string[]): Promise<string[]> {
    const text = await this.deps.store.get(REMOVED_FOLDERS_KEY);
    const before: string[] = text ? JSON.parse(text) : [];
    const after = [...new Set([...before, ...add])].filter((root) => !forget.includes(root));
    if (JSON.stringify(after) !== JSON.stringify(before)) {
      await this.deps.store.set(REMOVED_FOLDERS_KEY, JSON.stringify(after));
    }
    return after;
  }

  /** The new list, each added folder checked (a kept one is not: an unmounted disk stays listed). */
  private async checkFolders(next: readonly string[], kept: readonly string[]): Promise<string[]> {
    const { config } = this.deps;
    const sqliteFile = config.database.kind === 'sqlite' ? config.database.file : null;
    const list: string[] = [];
    for (const entry of next) {
      // `/srv/asmr/` and `/srv/asmr` are one folder; a relative path is refused by the check.
      const path = isAbsolute(entry) ? resolve(entry) : entry;
      if (list.includes(path)) continue;
      if (!kept.includes(path)) {
        const problem = await libraryFolderProblem(path, {
          dataDir: config.dataDir,
          sqliteFile,
          otherLibraryDirs: next.filter((other) => other !== entry && other !== path),
        });
        if (problem) {
          throw new Invalid(`Invalid setting libraryDirs: ${problem}`, [
            { param: 'libraryDirs', location: 'body', msg: problem, value: entry },
          ]);
        }
      }
      list.push(path);
    }
    return list;
  }

  private async saved(): Promise<SavedSettings> {
    const text = await this.deps.store.get(SAVED_KEY);
    return text ? (JSON.parse(text) as SavedSettings) : {};
  }
}

function sameFolders(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((root) => b.includes(root));
}
