import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { AdminSettingsService } from '../../src/services/admin-settings/admin-settings.service.js';
import { LibraryRoots } from '../../src/services/library-roots.js';
import { RuntimeSettingsService } from '../../src/services/runtime-settings.service.js';

/** The settings rows in memory; `holdNextRead` keeps the next read of a key open until the test releases it. */
class HeldStore {
  private readonly rows = new Map<string, string>();
  private hold: { key: string; started: () => void; released: Promise<void> } | null = null;

  /** `started` resolves once that read has taken the row; its answer waits for `release()`. */
  holdNextRead(key: string): { started: Promise<void>; release: () => void } {
    let started: () => void = () => {};
    let release: () => void = () => {};
    const startedPromise = new Promise<void>((done) => (started = done));
    const released = new Promise<void>((done) => (release = done));
    this.hold = { key, started, released };
    return { started: startedPromise, release };
  }

  async get(key: string): Promise<string | null> {
    // The row as it is when the read happens; the answer arrives when the test lets it.
    const value = this.rows.get(key) ?? null;
    const hold = this.hold;
    if (hold && hold.key === key) {
      this.hold = null;
      hold.started();
      await hold.released;
    }
    return value;
  }

  async set(key: string, value: string): Promise<void> {
    this.rows.set(key, value);
  }
}

describe('AdminSettingsService: a save and a periodic check in one process', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('never applies a check that read the rows before the save and ended after it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sasayaki-settings-race-'));
    dirs.push(dataDir);
    const config = loadConfig({ SASAYAKI_DATA: dataDir });
    const store = new HeldStore();
    const configChanged = vi.fn(async () => {});
    const service = new AdminSettingsService({
      config,
      store,
      runtime: new RuntimeSettingsService(store, { registration: false, guest: false, dlsiteFetch: false }),
      roots: new LibraryRoots([], () => {}),
      folders: {
        presentWorksByRoot: async () => new Map(),
        hideWorksOf: async () => [],
        hideWorksOutside: async () => ({ ids: [], roots: [] }),
      },
      effects: {
        accountsChanged: async () => {},
        configChanged,
        worksHidden: async () => {},
        scanAddedFolders: async () => false,
        announceSaved: async () => {},
      },
      warn: () => {},
      now: () => '2026-11-25T00:00:00.000Z',
    });
    await service.load();
    await service.update({ scanDepth: 4 });
    configChanged.mockClear();

    // The follower's check reads the saved settings (depth 4) and is held there...
    const read = store.holdNextRead('admin_settings');
    const check = service.refresh();
    await read.started;
    // ...while the administrator saves a new scan depth.
    const saved = service.update({ scanDepth: 3 });
    await new Promise((done) => setTimeout(done, 20));
    read.release();
    await Promise.all([check, saved]);

    expect(config.scan.maxDepth).toBe(3);
    expect((await service.view()).scanDepth).toBe(3);
    // Applied once, by the save; the check's older text changed nothing.
    expect(configChanged).toHaveBeenCalledTimes(1);
    expect(configChanged).toHaveBeenCalledWith(['scanDepth']);
  });
});
