import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Config } from './config/config.js';
import { type DatabaseHandle, openDatabase } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { CoverStore } from './media/cover-store.js';
import { CatalogueWriteRepository } from './repositories/catalogue-write.repository.js';
import { FileRepository } from './repositories/file.repository.js';
import { LabelRepository } from './repositories/label.repository.js';
import { ScanRepository } from './repositories/scan.repository.js';
import { SettingsRepository } from './repositories/settings.repository.js';
import { UserRepository } from './repositories/user.repository.js';
import { WorkRepository } from './repositories/work.repository.js';
import { createAudioReader } from './scanner/read-audio-headers.js';
import { CatalogueService } from './services/catalogue.service.js';
import { MaintenanceService } from './services/maintenance.service.js';
import { MediaService } from './services/media.service.js';
import { ScanService } from './services/scan.service.js';

/**
 * Everything the routes need, built once per process from the configuration. Tests build one on a
 * temporary data folder and database; `close()` releases it.
 */
export interface AppContext {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  users: UserRepository;
  files: FileRepository;
  settings: SettingsRepository;
  maintenance: MaintenanceService;
  catalogue: CatalogueService;
  covers: CoverStore;
  media: MediaService;
  scans: ScanService;
  close(): Promise<void>;
}

export async function createContext(config: Config, logger: Logger): Promise<AppContext> {
  const database = openDatabase(config.database);
  await migrateToLatest(database.db, database.dialect);
  const { db } = database;
  const users = new UserRepository(db);
  const files = new FileRepository(db);
  const settings = new SettingsRepository(db);
  const maintenance = new MaintenanceService(settings);
  const catalogue = new CatalogueService(
    new WorkRepository(db, database.dialect),
    new LabelRepository(db),
    files,
  );
  const covers = new CoverStore(join(config.dataDir, 'covers'));
  const media = new MediaService({ works: new WorkRepository(db, database.dialect), files, covers });
  const scans = new ScanService({
    config,
    scans: new ScanRepository(db),
    catalogue: new CatalogueWriteRepository(db),
    settings,
    maintenance,
    covers,
    audio: createAudioReader(config.ffprobePath),
    logger,
  });
  return {
    config,
    logger,
    database,
    users,
    files,
    settings,
    maintenance,
    catalogue,
    covers,
    media,
    scans,
    async close() {
      // A scan of this process records its end before the database goes away.
      await scans.close();
      await database.close();
    },
  };
}
