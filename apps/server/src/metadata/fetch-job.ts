import { formatWorkCode, type MetadataFetchProgress } from '@sasayaki/api-contract';
import type { Logger } from 'pino';
import { NotFound } from '../errors.js';
import type { DueWork, MetadataFetchRepository } from '../repositories/metadata-fetch.repository.js';
import type { SettingsRepository } from '../repositories/settings.repository.js';
import type { ChangeOrigin } from '../services/catalogue-cache.js';
import type { AsmroneProvider } from './asmrone/asmrone-provider.js';
import {
  type CachePolicy,
  type DlsiteProvider,
  type DlsiteWorkResult,
  INFO_BATCH_SIZE,
} from './dlsite/dlsite-provider.js';
import type { OrderedProviderName, ProviderResult, ProviderStatus } from './provider-types.js';
import type { RemoteCovers } from './remote-covers.js';

/** Settings key of the last run's progress, so every process's scanner page shows it. */
export const PROGRESS_KEY = 'metadata_fetch_progress';

/** How long the idle count of waiting works is reused (`state()` while no run goes). */
const IDLE_WAITING_TTL_MS = 5_000;

/** How often `serve` looks for works due again (weekly refreshes, retries); new works come after each scan. */
export const METADATA_CHECK_MS = 3_600_000;

export interface FetchTiming {
  /** Ratings, sales and prices are asked again after this (milliseconds). */
  refreshMs: number;
  /** A work DLsite did not know is asked again after this. */
  notFoundRetryMs: number;
  /** A failed fetch (network, timeout) is tried again after this. */
  failedRetryMs: number;
  /** An answer that could not be read is tried again after this (DLsite may have fixed it). */
  unreadableRetryMs: number;
}

export const DEFAULT_RETRIES: Pick<FetchTiming, 'failedRetryMs' | 'unreadableRetryMs'> = {
  failedRetryMs: 3_600_000,
  unreadableRetryMs: 86_400_000,
};

/** DLsite's answer for one work of a batch, with what the answer cache was allowed to give. */
interface FetchedWork {
  workId: number;
  code: string;
  result: DlsiteWorkResult;
  policy: CachePolicy;
}

/** What refreshing one work from DLsite did: its answer, or why DLsite was not asked. */
export type RemoteRefresh =
  | { asked: true; status: ProviderStatus; message: string | null }
  | { asked: false; reason: string };

/** One provider's answer for one work, as the metadata store saves it (metadata/work-metadata-store.ts). */
export interface WorkProviderResult {
  workId: number;
  provider: OrderedProviderName;
  result: ProviderResult;
}

/**
 * The part of the metadata store the job uses: save a batch's answers and merge their works. A run's
 * batches are 'background' changes (the lists may be answered as they were while built again); an
 * administrator's refresh of one work is the request's, seen at once.
 */
export interface MetadataSaver {
  saveAndRemerge(results: readonly WorkProviderResult[], origin?: ChangeOrigin): Promise<void>;
}

export interface MetadataFetchDeps {
  provider: Pick<DlsiteProvider, 'fetchWorks'>;
  /**
   * asmr.one, asked about the works DLsite does not know, and the covers made from its answers' images
   * (cached with its answers); null when switched off (the default).
   */
  asmrone: { provider: Pick<AsmroneProvider, 'fetchWork'>; covers: Pick<RemoteCovers, 'apply'> } | null;
  store: MetadataSaver;
  queue: Pick<MetadataFetchRepository, 'due' | 'countDue' | 'coverOf'>;
  covers: Pick<RemoteCovers, 'apply'>;
  settings: Pick<SettingsRepository, 'get' | 'set'>;
  /** Whether the job may run now: DLsite among the providers and the administrator's switch on. */
  enabled: () => Promise<boolean>;
  timing: FetchTiming;
  logger: Logger;
  clock?: () => Date;
}

/** The progress of a fetch that has not run since start-up: all counters at zero. */
export function idleFetchProgress(enabled: boolean): MetadataFetchProgress {
  return {
    enabled,
    running: false,
    startedAt: null,
    finishedAt: null,
    done: 0,
    fetched: 0,
    notFound: 0,
    failed: 0,
    waiting: 0,
    current: null,
  };
}

/**
 * The metadata fetch job (docs/metadata.md, "DLsite"): asks DLsite about every work that was never asked
 * or is due again, in batches of 20 (one product-info request each), saves each batch's answers and merges
 * them in one transaction, and makes covers while the next batch is fetched. It runs in the background
 * of the process that starts it (after a scan, at start-up, and on its schedule); nothing waits for it.
 * Every answer gets its next time (refresh, not-found retry, failure retry), so a run always ends.
 */
export class MetadataFetchJob {
  private readonly clock: () => Date;
  private progress: MetadataFetchProgress = idleFetchProgress(false);
  private run: { controller: AbortController; done: Promise<void> } | null = null;
  private timer: NodeJS.Timeout | null = null;
  private waitingCache: { value: number; at: number } | null = null;

  constructor(private readonly deps: MetadataFetchDeps) {
    this.clock = deps.clock ?? (() => new Date());
  }

  /** This process's run, else the last run any process recorded. */
  async state(): Promise<MetadataFetchProgress> {
    const enabled = await this.deps.enabled();
    if (this.run) return { ...this.progress, enabled };
    const stored = await this.deps.settings.get(PROGRESS_KEY);
    const last = stored ? (JSON.parse(stored) as MetadataFetchProgress) : idleFetchProgress(enabled);
    return { ...last, enabled, running: false, waiting: enabled ? await this.idleWaiting() : 0 };
  }

  /** Starts a run in the background unless one runs or the job is off; whether it started. */
  async start(): Promise<boolean> {
    if (this.run || !(await this.deps.enabled())) return false;
    if (this.run) return false;
    const controller = new AbortController();
    this.progress = { ...idleFetchProgress(true), running: true, startedAt: this.now() };
    const done = this.execute(controller.signal)
      .catch((error: unknown) => this.deps.logger.error({ err: error }, 'metadata fetch failed'))
      .finally(async () => {
        this.progress = { ...this.progress, running: false, current: null, finishedAt: this.now() };
        this.waitingCache = null;
        await this.saveProgress();
        this.run = null;
      });
    this.run = { controller, done };
    return true;
  }

  /** Stops this process's run after the batch at hand; whether one was running. */
  cancel(): boolean {
    if (!this.run) return false;
    this.run.controller.abort();
    return true;
  }

  /** Runs now and every `everyMs` (new works are also picked up by the run after each scan). */
  schedule(everyMs: number): void {
    const tick = () => {
      this.start().catch((error: unknown) =>
        this.deps.logger.warn({ err: error }, 'metadata fetch not started'),
      );
    };
    tick();
    this.timer = setInterval(tick, everyMs);
    this.timer.unref();
  }

  /**
   * Asks DLsite about one work now, from the network (an administrator's "refresh metadata", after the
   * local providers were read again: services/metadata-refresh.service.ts). NotFound for an unknown work;
   * not asked, with the reason, when the job is off or the work's code is not one DLsite's voice store knows.
   */
  async refreshWork(workId: number): Promise<RemoteRefresh> {
    if (!(await this.deps.queue.coverOf(workId))) throw new NotFound('Work not found');
    if (!(await this.deps.enabled())) return { asked: false, reason: 'DLsite fetching is off' };
    const code = formatWorkCode(workId);
    if (!code.startsWith('RJ'))
      return { asked: false, reason: `DLsite has no metadata for ${code}: only RJ codes are fetched` };
    const result = (await this.deps.provider.fetchWorks([code], 'none')).get(code) as DlsiteWorkResult;
    const fetched = { workId, code, result, policy: 'none' as const };
    const fallbacks = await this.fromAsmrone([fetched]);
    await this.deps.store.saveAndRemerge([this.toSaved(fetched), ...fallbacks]);
    await this.makeCovers([fetched], fallbacks);
    return { asked: true, status: result.status, message: result.message ?? null };
  }

  /** Waits for this process's run, if any (tests, the benchmark). */
  async idle(): Promise<void> {
    await this.run?.done;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.cancel();
    await this.run?.done;
  }

  private async execute(signal: AbortSignal): Promise<void> {
    this.progress.waiting = await this.waiting();
    let covers: Promise<unknown> = Promise.resolve();
    while (!signal.aborted) {
      const due = await this.deps.queue.due('dlsite', this.now(), INFO_BATCH_SIZE);
      if (due.length === 0) break;
      this.progress.current = formatWorkCode((due[0] as DueWork).id);
      const results = await this.fetchBatch(due, signal);
      if (signal.aborted) break;
      const fallbacks = await this.fromAsmrone(results, signal);
      if (signal.aborted) break;
      await this.deps.store.saveAndRemerge(
        [...results.map((fetched) => this.toSaved(fetched)), ...fallbacks],
        'background',
      );
      this.count(results, fallbacks);
      // Covers of this batch are made while the next one is fetched; one batch of covers at a time.
      await covers;
      covers = this.makeCovers(results, fallbacks, signal);
      this.progress.waiting = await this.waiting();
      await this.saveProgress();
    }
    await covers;
  }

  /** The batch's works grouped by what may come from the answer cache, each group asked in one call. */
  private async fetchBatch(due: readonly DueWork[], signal: AbortSignal): Promise<FetchedWork[]> {
    const groups = new Map<CachePolicy, DueWork[]>();
    for (const work of due) {
      const policy = policyFor(work.status);
      groups.set(policy, [...(groups.get(policy) ?? []), work]);
    }
    const out: FetchedWork[] = [];
    for (const [policy, works] of groups) {
      const codes = works.map((work) => formatWorkCode(work.id));
      const answers = await this.deps.provider.fetchWorks(codes, policy, signal);
      for (const [index, work] of works.entries()) {
        const code = codes[index] as string;
        out.push({ workId: work.id, code, result: answers.get(code) as DlsiteWorkResult, policy });
      }
    }
    return out;
  }

  /** Covers from DLsite's answers, and from asmr.one's for the works DLsite did not know. */
  private async makeCovers(
    results: ReadonlyArray<{ workId: number; code: string; result: DlsiteWorkResult }>,
    fallbacks: readonly WorkProviderResult[],
    signal?: AbortSignal,
  ): Promise<void> {
    const asmroneCovers = this.deps.asmrone?.covers;
    const jobs = [
      ...results.map(({ workId, code, result }) =>
        result.status === 'ok' && result.data.coverUrl
          ? () =>
              this.deps.covers.apply(
                workId,
                code,
                result.data.coverUrl as string,
                result.originalCode,
                signal,
              )
          : null,
      ),
      ...fallbacks.map(({ workId, result }) =>
        asmroneCovers && result.status === 'ok' && result.data.coverUrl
          ? () =>
              asmroneCovers.apply(
                workId,
                formatWorkCode(workId),
                result.data.coverUrl as string,
                null,
                signal,
              )
          : null,
      ),
    ];
    await Promise.all(
      jobs.map(async (job) => {
        if (!job || signal?.aborted) return;
        try {
          await job();
        } catch (error) {
          this.deps.logger.warn({ err: error }, 'cannot make the fetched cover');
        }
      }),
    );
  }

  /**
   * asmr.one's answers for the works DLsite did not know (delisted, region-locked), one at a time through
   * the rate-limited client; nothing when asmr.one is off. Each answer gets its own next time, as DLsite's.
   */
  private async fromAsmrone(
    results: readonly FetchedWork[],
    signal?: AbortSignal,
  ): Promise<WorkProviderResult[]> {
    const asmrone = this.deps.asmrone;
    if (!asmrone) return [];
    const saved: WorkProviderResult[] = [];
    for (const { workId, code, result, policy } of results) {
      if (result.status !== 'not_found' || signal?.aborted) continue;
      const answer = await asmrone.provider.fetchWork(code, policy === 'all', signal);
      saved.push(this.toSaved({ workId, result: answer }, 'asmrone'));
    }
    return saved;
  }

  private toSaved(
    { workId, result }: Pick<FetchedWork, 'workId'> & { result: ProviderResult },
    provider: OrderedProviderName = 'dlsite',
  ): WorkProviderResult {
    const { status, data, message } = result;
    return {
      workId,
      provider,
      result: { status, data, message: message ?? null, nextFetchAt: this.nextFetch(status) },
    };
  }

  private nextFetch(status: ProviderStatus): string {
    const { refreshMs, notFoundRetryMs, failedRetryMs, unreadableRetryMs } = this.deps.timing;
    const wait = {
      ok: refreshMs,
      not_found: notFoundRetryMs,
      failed: failedRetryMs,
      unreadable: unreadableRetryMs,
    }[status];
    return new Date(this.clock().getTime() + wait).toISOString();
  }

  /** A work DLsite did not know but asmr.one did counts as fetched. */
  private count(results: readonly FetchedWork[], fallbacks: readonly WorkProviderResult[]): void {
    const foundElsewhere = new Set(
      fallbacks.filter((saved) => saved.result.status === 'ok').map((saved) => saved.workId),
    );
    for (const { workId, result } of results) {
      const status = foundElsewhere.has(workId) ? 'ok' : result.status;
      this.progress.done++;
      if (status === 'ok') this.progress.fetched++;
      else if (status === 'not_found') this.progress.notFound++;
      else this.progress.failed++;
    }
  }

  private waiting(): Promise<number> {
    return this.deps.queue.countDue('dlsite', this.now());
  }

  /**
   * The count shown while no run is going: the scanner page's event stream asks every half second, and
   * the count walks the works, so it is kept for a few seconds.
   */
  private async idleWaiting(): Promise<number> {
    const now = this.clock().getTime();
    if (!this.waitingCache || now - this.waitingCache.at > IDLE_WAITING_TTL_MS) {
      this.waitingCache = { value: await this.waiting(), at: now };
    }
    return this.waitingCache.value;
  }

  private async saveProgress(): Promise<void> {
    try {
      await this.deps.settings.set(PROGRESS_KEY, JSON.stringify(this.progress));
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'cannot record the metadata fetch progress');
    }
  }

  private now(): string {
    return this.clock().toISOString();
  }
}

/**
 * What may come from the answer cache: a work never asked, or one whose fetch failed, takes what is cached
 * (a rebuild needs no network); a weekly refresh wants fresh ratings, sales and prices; a work DLsite did
 * not know, or could not be read, is asked again from the network.
 */
function policyFor(status: ProviderStatus | null): CachePolicy {
  if (status === null || status === 'failed') return 'all';
  if (status === 'ok') return 'static';
  return 'none';
}
