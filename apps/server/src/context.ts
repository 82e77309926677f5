import { join } from 'node:path';
import type { Logger } from 'pino';
import { DatabaseRateLimiter, MemoryRateLimiter, type RateLimiter } from './auth/rate-limiter.js';
import { readOrCreateSecret } from './auth/secrets.js';
import { TokenService } from './auth/token.service.js';
import type { Config } from './config/config.js';
import { type DatabaseHandle, openDatabase } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { LibraryWatcher } from './jobs/library-watcher.js';
import { ScheduledScans } from './jobs/scan-schedule.js';
import { CoverStore } from './media/cover-store.js';
import { forgetLibraryRoot } from './media/library-file.js';
import { Transcoder } from './media/transcoder.js';
import { createMetadataFetchJob } from './metadata/create-fetch-job.js';
import type { MetadataFetchJob } from './metadata/fetch-job.js';
import { LocalMetadataRefresh } from './metadata/local-refresh.js';
import { WorkMetadataStore } from './metadata/work-metadata-store.js';
import { AudioTagRepository } from './repositories/audio-tag.repository.js';
import { readCatalogueState, worksChangedBetween } from './repositories/catalogue-version.js';
import { CatalogueWriteRepository } from './repositories/catalogue-write.repository.js';
import { FeedbackRepository } from './repositories/feedback.repository.js';
import { FileRepository } from './repositories/file.repository.js';
import { FolderWorkIdRepository } from './repositories/folder-work-id.repository.js';
import { LabelRepository } from './repositories/label.repository.js';
import { PlaybackRepository } from './repositories/playback.repository.js';
import { PlaylistRepository } from './repositories/playlist.repository.js';
import { RecommenderRepository } from './repositories/recommender.repository.js';
import { ReviewRepository } from './repositories/review.repository.js';
import { ScanRepository } from './repositories/scan.repository.js';
import { SettingsRepository } from './repositories/settings.repository.js';
import { SubtitleCandidateRepository } from './repositories/subtitle-candidate.repository.js';
import { TagVoteRepository } from './repositories/tag-vote.repository.js';
import { UserRepository } from './repositories/user.repository.js';
import { WorkRepository } from './repositories/work.repository.js';
import { WorkAvailabilityRepository } from './repositories/work-availability.repository.js';
import { WorkCodeRepository } from './repositories/work-code.repository.js';
import { WorkEditRepository } from './repositories/work-edit.repository.js';
import { createAudioReader } from './scanner/read-audio-headers.js';
import { AccountService } from './services/account.service.js';
import type { AdminSettingsService } from './services/admin-settings/admin-settings.service.js';
import { createAdminSettings, followSavedSettings } from './services/admin-settings/create-admin-settings.js';
import { CatalogueService } from './services/catalogue.service.js';
import { CatalogueCache } from './services/catalogue-cache.js';
import { FeedbackService } from './services/feedback.service.js';
import { createFeedbackForwarder } from './services/feedback-forwarder.js';
import { LibraryRoots } from './services/library-roots.js';
import { MaintenanceService } from './services/maintenance.service.js';
import { MediaService } from './services/media.service.js';
import { MetadataEditService } from './services/metadata-edit.service.js';
import { MetadataRefreshService } from './services/metadata-refresh.service.js';
import { PlaybackService } from './services/playback.service.js';
import { PlaylistService } from './services/playlist.service.js';
import { RecommenderService } from './services/recommender/recommender.service.js';
import { ReviewService } from './services/review.service.js';
import { RUNTIME_SETTING_KEYS, RuntimeSettingsService } from './services/runtime-settings.service.js';
import { ScanService } from './services/scan.service.js';
import { SubtitleCandidatesService } from './services/subtitle-candidates/subtitle-candidates.service.js';
import { TagVoteService } from './services/tag-vote.service.js';
import { UserAdminService } from './services/user-admin.service.js';
import { WorkCodeService } from './services/work-code.service.js';
import { prepareDataFolder } from './util/data-folder.js';

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
  /** Low-bitrate streams (contract section 7); `available` is false without ffmpeg. */
  transcoder: Transcoder;
  scans: ScanService;
  /**
   * The library folders, changeable at run time (Settings page); subscribe with `onChange`.
   * `config.libraryDirs` follows it.
   */
  libraryRoots: LibraryRoots;
  /** Targeted scans of what changed in the library; started by `serve` only (jobs/library-watcher.ts). */
  libraryWatcher: LibraryWatcher;
  /** Providers' answers and hand edits, merged into the catalogue (metadata/work-metadata-store.ts). */
  metadata: WorkMetadataStore;
  /** The DLsite fetch job: after scans, at start-up and on its schedule (metadata/fetch-job.ts). */
  metadataFetch: MetadataFetchJob;
  /** Administrators' hand edits of a work's metadata (the Edit dialog). */
  metadataEdits: MetadataEditService;
  /** "Refresh metadata" of one work: its local providers read again, then DLsite. */
  metadataRefresh: MetadataRefreshService;
  runtimeSettings: RuntimeSettingsService;
  /** The Settings page's administrator part: every setting, its source, applied live (services/admin-settings/). */
  adminSettings: AdminSettingsService;
  /** The scheduled whole-library scan; armed by `serve` (jobs/scan-schedule.ts). */
  scheduledScans: ScheduledScans;
  rateLimiter: RateLimiter;
  accounts: AccountService;
  reviews: ReviewService;
  playback: PlaybackService;
  /** Members' playlists (asmr.one's /api/playlist/…; services/playlist.service.ts). */
  playlists: PlaylistService;
  /** Popular, for-user and similar-works lists (services/recommender/README.md). */
  recommender: RecommenderService;
  /** `check-lrc-v2`: subtitles across a work's variants and editions (services/subtitle-candidates/). */
  subtitleCandidates: SubtitleCandidatesService;
  /** Members' votes on works' tags, and tags they attach (asmr.one's /api/vote/…). */
  tagVotes: TagVoteService;
  feedback: FeedbackService;
  userAdmin: UserAdminService;
  /** Works without a code, new codes (docs/metadata.md). */
  workCodes: WorkCodeService;
  close(): Promise<void>;
}

export async function createContext(config: Config, logger: Logger): Promise<AppContext> {
  prepareDataFolder(config.dataDir, logger);
  const transcoder = new Transcoder({
    ffmpegPath: config.ffmpegPath,
    cacheDir: join(config.dataDir, 'transcodes'),
    maxConcurrent: config.transcode.maxConcurrent,
    cacheBytes: config.transcode.cacheBytes,
    bitrateKbps: config.transcode.bitrateKbps,
    logger,
  });
  // Probing ffmpeg (a process start, 0.1-0.25 s) runs while the database opens and migrates.
  const transcoderStarted = transcoder.start();
  // Awaited below; this only keeps it from counting as unhandled when a step before that throws.
  transcoderStarted.catch(() => {});
  const database = await openDatabase(config.database);
  await migrateToLatest(database.db, database.dialect);
  const { db } = database;
  const libraryRoots = new LibraryRoots(config.libraryDirs, (error) =>
    logger.warn({ err: error }, 'a part did not follow the library folders'),
  );
  // The scanner and the work codes read the folders from the configuration when they act.
  libraryRoots.onChange((roots, change) => {
    config.libraryDirs = [...roots];
    for (const root of change.removed) forgetLibraryRoot(root);
  });
  const users = new UserRepository(db);
  const files = new FileRepository(db);
  const settings = new SettingsRepository(db);
  const maintenance = new MaintenanceService(settings);
  const works = new WorkRepository(db, database.dialect);
  const scanRepository = new ScanRepository(db);
  const labels = new LabelRepository(db, database.dialect);
  // Folding the label count changes whenever the catalogue moves keeps their table small even when
  // nobody opens a label list for a long time (a list folds what is left before it is built).
  const foldLabelCounts = () =>
    void labels.foldCountChanges().catch((error) => logger.warn({ err: error }, 'label counts not folded'));
  const catalogue = new CatalogueService(works, labels, files, {
    // Scans move the mark by their heartbeat; every other catalogue writer moves the version.
    cache: new CatalogueCache(
      () => readCatalogueState(db),
      Date.now,
      1_000,
      foldLabelCounts,
      // Tag votes change one work's card: only that work is dropped (catalogue-version.ts).
      { worksBetween: (after, upTo) => worksChangedBetween(db, after, upTo) },
    ),
    lowBitrate: () => transcoder.available,
  });
  const covers = new CoverStore(join(config.dataDir, 'covers'));
  const media = new MediaService({ works, files, covers, roots: libraryRoots });
  const folderIds = new FolderWorkIdRepository(db);
  const catalogueWrites = new CatalogueWriteRepository(db, database.dialect);
  const metadata = new WorkMetadataStore({
    db,
    catalogue: catalogueWrites,
    providerOrder: () => config.metadata.providers,
    catalogueChanged: (origin) => catalogue.catalogueChanged(origin),
    now: () => new Date().toISOString(),
  });
  const scans = new ScanService({
    config,
    scans: scanRepository,
    catalogue: catalogueWrites,
    metadata,
    folderIds,
    audioTags: new AudioTagRepository(db),
    availability: new WorkAvailabilityRepository(db),
    settings,
    maintenance,
    covers,
    audio: createAudioReader(config.ffprobePath),
    logger,
    // New works get their DLsite metadata behind the scan; the scan never waits for the network.
    afterScan: () => void metadataFetch.job.start().catch(() => {}),
  });
  const libraryWatcher = new LibraryWatcher({
    roots: libraryRoots,
    watch: config.watch,
    scans,
    logger,
  });
  const runtimeSettings = new RuntimeSettingsService(
    settings,
    {
      registration: config.auth.registration ?? false,
      guest: config.auth.guest,
      dlsiteFetch: config.metadata.dlsite.enabled,
    },
    // An environment value is the operator's: it wins over what was saved, and the page cannot change it.
    RUNTIME_SETTING_KEYS.filter((key) => config.sources[key] === 'environment'),
  );
  const metadataFetch = createMetadataFetchJob({
    config,
    db,
    store: metadata,
    covers,
    settings,
    runtimeSettings,
    logger,
  });
  // Several processes share one PostgreSQL: their limits must be counted there. SQLite is one process.
  const rateLimiter = database.dialect === 'postgres' ? new DatabaseRateLimiter(db) : new MemoryRateLimiter();
  const tokens = new TokenService(
    readOrCreateSecret(config.dataDir, 'token'),
    config.auth.tokenLifetimeSeconds,
  );
  const accounts = new AccountService(users, tokens, rateLimiter, runtimeSettings, config, logger);
  const scheduledScans = new ScheduledScans(scans, (error) =>
    logger.warn({ err: error }, 'scheduled scan not started'),
  );
  const adminSettings = createAdminSettings({
    config,
    db,
    settings,
    runtimeSettings,
    libraryRoots,
    transcoder,
    scheduledScans,
    watcher: libraryWatcher,
    accounts,
    placeEditionGroupsOf: (ids) => metadata.placeEditionGroupsOf(ids),
    catalogueChanged: () => catalogue.catalogueChanged(),
    scans,
    logger,
  });
  // What the administrator saved on the Settings page applies from the start (never over the environment),
  // and what another process on the same database saves, within seconds.
  await adminSettings.load();
  const settingsFollower = followSavedSettings(adminSettings, config, logger);
  await accounts.bootstrap();
  await transcoderStarted;
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
    transcoder,
    scans,
    libraryRoots,
    libraryWatcher,
    metadata,
    metadataFetch: metadataFetch.job,
    metadataEdits: new MetadataEditService({
      edits: new WorkEditRepository(db),
      files,
      covers,
      remerge: (workId) => metadata.remergeWork(workId),
      providerOrder: () => config.metadata.providers,
      now: () => new Date().toISOString(),
    }),
    metadataRefresh: new MetadataRefreshService(
      new LocalMetadataRefresh({
        works,
        files,
        audio: createAudioReader(config.ffprobePath),
        audioTags: new AudioTagRepository(db),
        store: metadata,
      }),
      metadataFetch.job,
    ),
    runtimeSettings,
    adminSettings,
    scheduledScans,
    rateLimiter,
    accounts,
    reviews: new ReviewService(new ReviewRepository(db, database.dialect), works, catalogue),
    playback: new PlaybackService(new PlaybackRepository(db, database.dialect), files, works, catalogue),
    playlists: new PlaylistService(new PlaylistRepository(db, database.dialect), catalogue),
    recommender: new RecommenderService(new RecommenderRepository(db, database.dialect), catalogue, (error) =>
      logger.warn({ err: error }, 'recommender data not refreshed'),
    ),
    subtitleCandidates: new SubtitleCandidatesService(new SubtitleCandidateRepository(db), catalogue),
    tagVotes: new TagVoteService(new TagVoteRepository(db), () => catalogue.catalogueChanged()),
    feedback: new FeedbackService(
      new FeedbackRepository(db),
      works,
      files,
      createFeedbackForwarder(config.feedbackDsn, logger),
    ),
    userAdmin: new UserAdminService(users, () => accounts.forgetSessions()),
    workCodes: new WorkCodeService({
      config,
      folderIds,
      workCodes: new WorkCodeRepository(db),
      scanSoon: () => scans.startUnlessRunning('incremental'),
      now: () => new Date().toISOString(),
    }),
    async close() {
      await settingsFollower.close();
      // A scan of this process records its end before the database goes away.
      scheduledScans.close();
      await libraryWatcher.close();
      await scans.close();
      await metadataFetch.close();
      await transcoder.close();
      await database.close();
    },
  };
}
