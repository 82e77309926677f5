import {
  SCAN_RECORDED_MODES,
  type ScanHistory,
  type ScanIssue,
  type ScanMode,
  type ScanRecordedMode,
  type ScanState,
  type ScanSummary,
  type UnavailableRoot,
} from '@sasayaki/api-contract';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import type { ScanRow } from '../db/schema.js';
import { Conflict, NotFound } from '../errors.js';
import { emptyCounts, ScanJob } from '../jobs/scan-job.js';
import { leaseExpired, leaseExpiry, renewalIntervalMs } from '../jobs/scan-lease.js';
import type { AudioTagRepository } from '../repositories/audio-tag.repository.js';
import type { CatalogueWriteRepository } from '../repositories/catalogue-write.repository.js';
import type { FolderWorkIdRepository } from '../repositories/folder-work-id.repository.js';
import type { ScanLease, ScanRepository } from '../repositories/scan.repository.js';
import type { SettingsRepository } from '../repositories/settings.repository.js';
import type { WorkAvailabilityRepository } from '../repositories/work-availability.repository.js';
import type { ScanScope } from '../scanner/discover-folders.js';
import type { CoverSaver } from '../scanner/make-cover.js';
import type { AudioReader } from '../scanner/read-audio-headers.js';
import { settleRootAvailability } from '../scanner/root-availability.js';
import { type PipelineDeps, runScanPipeline } from '../scanner/scan-pipeline.js';
import { INSTANCE_ID } from '../util/instance-id.js';
import type { MaintenanceService } from './maintenance.service.js';

/** Settings key set when a scan finished once: start-up scans only run before that. */
export const SCANNED_ONCE_KEY = 'library_scanned_at';
/** The scans row's mode of a targeted scan (the watcher's): an incremental scan of some top-level folders. */
export const TARGETED_SCAN_MODE = 'watch' satisfies ScanRecordedMode;

export interface ScanServiceDeps {
  config: Pick<Config, 'libraryDirs' | 'scan'> & { metadata?: Pick<Config['metadata'], 'dlsite'> };
  scans: ScanRepository;
  catalogue: CatalogueWriteRepository;
  /** Stores the local providers' answers and merges them in each work's commit. */
  metadata: PipelineDeps['metadata'];
  folderIds: FolderWorkIdRepository;
  audioTags: AudioTagRepository;
  /** Works hidden while their library folder is not mounted (scanner/root-availability.ts). */
  availability: WorkAvailabilityRepository;
  settings: SettingsRepository;
  maintenance: MaintenanceService;
  covers: CoverSaver;
  audio: AudioReader;
  logger: Logger;
  clock?: () => Date;
  /** This process's name on the scans it runs; tests give two services two names to stand for two processes. */
  instanceId?: string;
  /** Called when a scan of this process has ended (the metadata fetch job starts then). */
  afterScan?: () => void;
}

function parseJson<T>(text: string | null, fallback: T): T {
  try {
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
}

export function toScanState(row: ScanRow | undefined): ScanState {
  if (!row) {
    return {
      id: null,
      mode: null,
      running: false,
      status: null,
      startedAt: null,
      finishedAt: null,
      counts: emptyCounts(),
      current: null,
      errors: [],
    };
  }
  return {
    id: row.id,
    mode: knownMode(row.mode),
    running: row.status === 'running',
    status: row.status,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    counts: { ...emptyCounts(), ...parseJson(row.counts, {}) },
    current: row.current,
    errors: parseJson<ScanIssue[]>(row.errors, []),
  };
}

function knownMode(mode: string): ScanRecordedMode | null {
  return (SCAN_RECORDED_MODES as readonly string[]).includes(mode) ? (mode as ScanRecordedMode) : null;
}

/** A scan as the history lists it: its counts, how long it took and how many problems, not the problems. */
export function toScanSummary(row: ScanRow): ScanSummary {
  const state = toScanState(row);
  const started = Date.parse(row.started_at);
  const finished = row.finished_at ? Date.parse(row.finished_at) : Number.NaN;
  return {
    id: row.id,
    mode: state.mode,
    running: state.running,
    status: state.status,
    startedAt: state.startedAt,
    finishedAt: state.finishedAt,
    counts: state.counts,
    durationMs: Number.isFinite(finished - started) ? Math.max(0, finished - started) : null,
    errorCount: state.errors.filter((issue) => issue.level === 'error').length,
    warningCount: state.errors.filter((issue) => issue.level !== 'error').length,
  };
}

/**
 * Starts, cancels and reports library scans. One scan at a time across every process on the database
 * (the scans table's unique running row); the scan runs in the background of the process that started
 * it and writes its progress into that row, which is what every reader (any process) sees. The owner
 * holds the row on a lease it renews; a scan whose lease ended (its process was killed, or lost the
 * database) is marked abandoned by whoever notices first, and only then may another scan start.
 */
export class ScanService {
  private readonly owner: string;
  private readonly clock: () => Date;
  private local: { id: number; job: ScanJob; done: Promise<ScanState> } | null = null;
  /** The start-up scan's next attempt, while another process's scan holds the lock. */
  private startupRetry: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly deps: ScanServiceDeps) {
    this.clock = deps.clock ?? (() => new Date());
    this.owner = deps.instanceId ?? INSTANCE_ID;
  }

  private now(): string {
    return this.clock().toISOString();
  }

  private lease(): ScanLease {
    return {
      owner: this.owner,
      expiresAt: new Date(this.clock().getTime() + this.deps.config.scan.leaseMs).toISOString(),
    };
  }

  /** The running or latest scan; a running one whose lease ended is marked abandoned first (and read again). */
  async state(): Promise<ScanState> {
    const latest = await this.deps.scans.latest();
    if (latest?.status === 'running' && (await this.abandonIfExpired(latest))) return this.stateOf(latest.id);
    return toScanState(latest);
  }

  async stateOf(id: number): Promise<ScanState> {
    return toScanState(await this.deps.scans.findById(id));
  }

  /** Past scans, newest first (the scanner page's history). */
  async history(page: number, pageSize: number): Promise<ScanHistory> {
    const { rows, total } = await this.deps.scans.page((page - 1) * pageSize, pageSize);
    return {
      scans: rows.map(toScanSummary),
      pagination: { currentPage: page, pageSize, totalCount: total },
    };
  }

  /** One scan whole, with its problems; NotFound when there is no such scan. */
  async historyEntry(id: number): Promise<ScanState> {
    const row = await this.deps.scans.findById(id);
    if (!row) throw new NotFound('Scan not found');
    return toScanState(row);
  }

  /** Library folders whose works are hidden because they are not mounted: the administrators' notice. */
  async unavailableRoots(): Promise<UnavailableRoot[]> {
    return (await this.deps.availability.unavailableRoots()).map((row) => ({
      path: row.root_dir,
      works: row.works,
      since: row.since,
    }));
  }

  async hasScannedOnce(): Promise<boolean> {
    return (await this.deps.settings.get(SCANNED_ONCE_KEY)) !== null;
  }

  /** Starts a scan in the background and returns its first state; Conflict when one is running. */
  async start(mode: ScanMode): Promise<ScanState> {
    return this.begin(mode, mode);
  }

  /**
   * Starts an incremental scan of some top-level folders of the library (the watcher's changes), recorded
   * with the mode `watch`; Conflict when a scan is running.
   */
  async startTargeted(scope: ScanScope): Promise<ScanState> {
    return this.begin(TARGETED_SCAN_MODE, 'incremental', scope);
  }

  private async begin(recordedMode: ScanRecordedMode, mode: ScanMode, scope?: ScanScope): Promise<ScanState> {
    await this.abandonExpiredScan();
    const job = new ScanJob((issue) => this.deps.logger.debug({ scanIssue: issue }, 'scan problem'));
    const row = await this.deps.scans.insertRunning(recordedMode, this.lease(), this.now(), job.progress());
    if (!row) throw new Conflict('A scan is already running');
    this.deps.logger.info({ scanId: row.id, mode: recordedMode }, 'library scan started');
    const done = this.execute(row.id, mode, job, scope);
    this.local = { id: row.id, job, done };
    return toScanState(row);
  }

  /**
   * The start-up scan of a library never scanned to the end: started now, or, while another scan holds
   * the lock (another process's, or this one's before it was killed), again when that scan's lease ends,
   * until a scan finished. Resolves once the first attempt is settled.
   */
  /**
   * Starts a scan unless one is running: what changed (a folder marked as a work) is then seen by the
   * next scan, as the running one's discovery may be past it.
   */
  async startUnlessRunning(mode: ScanMode): Promise<void> {
    try {
      await this.start(mode);
    } catch (error) {
      if (!(error instanceof Conflict)) throw error;
    }
  }

  async startWhenFree(mode: ScanMode): Promise<void> {
    this.startupRetry = null;
    if (this.closed || (await this.hasScannedOnce())) return;
    try {
      await this.start(mode);
    } catch (error) {
      if (!(error instanceof Conflict)) throw error;
      const running = await this.deps.scans.findRunning();
      // The holder renews its lease until it ends; looking again just after the current one ends is enough.
      const wait = running ? Math.max(0, leaseExpiry(running) - this.clock().getTime()) + 100 : 0;
      this.deps.logger.info(
        { scanId: running?.id, waitMs: wait },
        'start-up scan waits for the running scan',
      );
      this.startupRetry = setTimeout(() => {
        this.startWhenFree(mode).catch((retryError: unknown) =>
          this.deps.logger.warn({ err: retryError }, 'start-up scan not started'),
        );
      }, wait);
      this.startupRetry.unref();
    }
  }

  /** Starts a scan and resolves with its final state: for the `scan` command and benchmarks. */
  async run(mode: ScanMode): Promise<ScanState> {
    await this.start(mode);
    return (await this.waitForLocalScan()) ?? this.state();
  }

  /** The final state of the scan this process is running, or null when it runs none. */
  async waitForLocalScan(): Promise<ScanState | null> {
    return this.local ? this.local.done : null;
  }

  /** Asks the running scan (whichever process runs it) to stop; Conflict when none runs. */
  async cancel(): Promise<ScanState> {
    const row = await this.deps.scans.requestCancel();
    if (!row) throw new Conflict('No scan is running');
    if (this.local?.id === row.id) this.local.job.cancel();
    return toScanState(row);
  }

  /** Stops this process's scan, if any, and waits for it to record its end. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.startupRetry) clearTimeout(this.startupRetry);
    if (!this.local) return;
    this.local.job.cancel();
    await this.local.done;
  }

  private async execute(id: number, mode: ScanMode, job: ScanJob, scope?: ScanScope): Promise<ScanState> {
    const { scans, logger } = this.deps;
    const { leaseMs } = this.deps.config.scan;
    const every = renewalIntervalMs(leaseMs);
    let renewedAt = this.clock().getTime();
    const timer = setInterval(() => {
      const sentAt = this.clock().getTime();
      // Unable to renew until the lease would end before the next try: another process may take over
      // then, so this one stops first (the work at hand still commits).
      if (!job.signal.aborted && sentAt - renewedAt + every >= leaseMs) {
        job.issue('', 'Scan stopped: its lease could not be renewed', 'error');
        job.cancel();
      }
      scans.renew(id, this.lease(), new Date(sentAt).toISOString(), job.progress()).then(
        ({ running, cancelRequested }) => {
          // The lease written runs from when the renewal was sent, not from when it was answered.
          if (running) renewedAt = sentAt;
          if (!running || cancelRequested) job.cancel();
        },
        (error: unknown) => logger.warn({ err: error }, 'scan lease renewal failed'),
      );
    }, every);
    timer.unref();
    let status: 'finished' | 'cancelled' | 'failed';
    try {
      await settleRootAvailability(
        this.deps.config.libraryDirs,
        scope,
        { availability: this.deps.availability, metadata: this.deps.metadata, now: () => this.now() },
        job,
      );
      status = await runScanPipeline(
        mode,
        {
          libraryDirs: this.deps.config.libraryDirs,
          maxDepth: this.deps.config.scan.maxDepth,
          concurrency: this.deps.config.scan.concurrency,
          scope,
        },
        {
          catalogue: this.deps.catalogue,
          metadata: this.deps.metadata,
          folderIds: this.deps.folderIds,
          audioTags: this.deps.audioTags,
          covers: this.deps.covers,
          preferRemoteCover: this.deps.config.metadata?.dlsite.preferRemoteCover ?? false,
          audio: this.deps.audio,
          now: () => this.now(),
        },
        job,
      );
      // A targeted scan saw only part of the library: the start-up scan is still owed until a whole one ends.
      if (status === 'finished' && !scope) {
        await this.deps.settings.set(SCANNED_ONCE_KEY, this.now());
        if (mode === 'full') await this.deps.maintenance.unlock();
      }
    } catch (error) {
      status = 'failed';
      job.issue('', `Scan failed: ${(error as Error).message}`, 'error');
      logger.error({ err: error, scanId: id }, 'library scan failed');
    } finally {
      clearInterval(timer);
    }
    job.setCurrent(null);
    const { added, updated, removed } = job.counts;
    if (added + updated + removed > 0) {
      try {
        await this.deps.catalogue.refreshPlannerStatistics();
      } catch (error) {
        logger.warn({ err: error, scanId: id }, 'cannot refresh the query planner statistics');
      }
    }
    try {
      await scans.finish(id, status, this.now(), job.progress());
    } catch (error) {
      logger.error({ err: error, scanId: id }, 'cannot record the end of the scan');
    }
    logger.info({ scanId: id, status, counts: job.counts }, 'library scan ended');
    this.deps.afterScan?.();
    return this.stateOf(id).catch(() => toScanState(undefined));
  }

  /**
   * Marks the running scan abandoned when its lease ended: at start-up, before a scan starts, and when
   * the state is read, so a killed scan never shows as running for longer than its lease.
   */
  async abandonExpiredScan(): Promise<void> {
    const running = await this.deps.scans.findRunning();
    if (running) await this.abandonIfExpired(running);
  }

  /** Whether the running scan's lease had ended (it is marked abandoned then, by this call or another). */
  private async abandonIfExpired(running: ScanRow): Promise<boolean> {
    if (running.id === this.local?.id || !leaseExpired(running, this.clock())) return false;
    if (await this.deps.scans.abandon(running.id, running.heartbeat_at, this.now())) {
      this.deps.logger.warn(
        { scanId: running.id, owner: running.owner },
        'marking a scan abandoned: its owner stopped renewing its lease',
      );
    }
    return true;
  }
}
