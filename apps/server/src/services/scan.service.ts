import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { SCAN_MODES, type ScanIssue, type ScanMode, type ScanState } from '@sasayaki/api-contract';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import type { ScanRow } from '../db/schema.js';
import { Conflict } from '../errors.js';
import { emptyCounts, ScanJob } from '../jobs/scan-job.js';
import type { CatalogueWriteRepository } from '../repositories/catalogue-write.repository.js';
import type { ScanRepository } from '../repositories/scan.repository.js';
import type { SettingsRepository } from '../repositories/settings.repository.js';
import type { CoverSaver } from '../scanner/make-cover.js';
import type { AudioReader } from '../scanner/read-audio-headers.js';
import { runScanPipeline } from '../scanner/scan-pipeline.js';
import type { MaintenanceService } from './maintenance.service.js';

/** How often a running scan proves it is alive and picks up a cancel request from any process. */
export const HEARTBEAT_MS = 2_000;
/** A running scan whose heartbeat is older than this belongs to a dead process. */
export const STALE_MS = 30_000;
/** Settings key set when a scan finished once: start-up scans only run before that. */
export const SCANNED_ONCE_KEY = 'library_scanned_at';

export interface ScanServiceDeps {
  config: Pick<Config, 'libraryDirs' | 'scan'>;
  scans: ScanRepository;
  catalogue: CatalogueWriteRepository;
  settings: SettingsRepository;
  maintenance: MaintenanceService;
  covers: CoverSaver;
  audio: AudioReader;
  logger: Logger;
  clock?: () => Date;
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
    mode: (SCAN_MODES as readonly string[]).includes(row.mode) ? (row.mode as ScanMode) : null,
    running: row.status === 'running',
    status: row.status,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    counts: { ...emptyCounts(), ...parseJson(row.counts, {}) },
    current: row.current,
    errors: parseJson<ScanIssue[]>(row.errors, []),
  };
}

/**
 * Starts, cancels and reports library scans. One scan at a time across every process on the database
 * (the scans table's unique running row); the scan runs in the background of the process that started
 * it and writes its progress into that row, which is what every reader (any process) sees.
 */
export class ScanService {
  private readonly owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly clock: () => Date;
  private local: { id: number; job: ScanJob; done: Promise<ScanState> } | null = null;

  constructor(private readonly deps: ScanServiceDeps) {
    this.clock = deps.clock ?? (() => new Date());
  }

  private now(): string {
    return this.clock().toISOString();
  }

  async state(): Promise<ScanState> {
    return toScanState(await this.deps.scans.latest());
  }

  async stateOf(id: number): Promise<ScanState> {
    return toScanState(await this.deps.scans.findById(id));
  }

  async hasScannedOnce(): Promise<boolean> {
    return (await this.deps.settings.get(SCANNED_ONCE_KEY)) !== null;
  }

  /** Starts a scan in the background and returns its first state; Conflict when one is running. */
  async start(mode: ScanMode): Promise<ScanState> {
    await this.interruptDeadScan();
    const job = new ScanJob((issue) => this.deps.logger.debug({ scanIssue: issue }, 'scan problem'));
    const row = await this.deps.scans.insertRunning(mode, this.owner, this.now(), job.progress());
    if (!row) throw new Conflict('A scan is already running');
    this.deps.logger.info({ scanId: row.id, mode }, 'library scan started');
    const done = this.execute(row.id, mode, job);
    this.local = { id: row.id, job, done };
    return toScanState(row);
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
    if (!this.local) return;
    this.local.job.cancel();
    await this.local.done;
  }

  private async execute(id: number, mode: ScanMode, job: ScanJob): Promise<ScanState> {
    const { scans, logger } = this.deps;
    const timer = setInterval(() => {
      scans.heartbeat(id, this.now(), job.progress()).then(
        ({ running, cancelRequested }) => {
          if (!running || cancelRequested) job.cancel();
        },
        (error: unknown) => logger.warn({ err: error }, 'scan heartbeat failed'),
      );
    }, HEARTBEAT_MS);
    timer.unref();
    let status: 'finished' | 'cancelled' | 'failed';
    try {
      status = await runScanPipeline(
        mode,
        {
          libraryDirs: this.deps.config.libraryDirs,
          maxDepth: this.deps.config.scan.maxDepth,
          concurrency: this.deps.config.scan.concurrency,
        },
        {
          catalogue: this.deps.catalogue,
          covers: this.deps.covers,
          audio: this.deps.audio,
          now: () => this.now(),
        },
        job,
      );
      if (status === 'finished') {
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
    return this.stateOf(id).catch(() => toScanState(undefined));
  }

  /** A running row whose owner stopped beating (or, on this host, whose process is gone) is interrupted. */
  private async interruptDeadScan(): Promise<void> {
    const running = await this.deps.scans.findRunning();
    if (!running || running.id === this.local?.id) return;
    const stale = Date.parse(running.heartbeat_at) < this.clock().getTime() - STALE_MS;
    if (stale || this.isDeadLocalOwner(running.owner)) {
      this.deps.logger.warn(
        { scanId: running.id, owner: running.owner },
        'marking an abandoned scan interrupted',
      );
      await this.deps.scans.interrupt(running.id, this.now());
    }
  }

  private isDeadLocalOwner(owner: string): boolean {
    const [host, pid] = owner.split(':');
    if (host !== hostname() || !pid || !/^\d+$/.test(pid) || Number(pid) === process.pid) return false;
    try {
      process.kill(Number(pid), 0);
      return false;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'ESRCH';
    }
  }
}
