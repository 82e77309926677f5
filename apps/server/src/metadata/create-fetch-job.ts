import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import type { Database } from '../db/schema.js';
import { DlsiteGenreRepository } from '../repositories/dlsite-genre.repository.js';
import { MetadataFetchRepository } from '../repositories/metadata-fetch.repository.js';
import type { SettingsRepository } from '../repositories/settings.repository.js';
import type { CoverSaver } from '../scanner/make-cover.js';
import type { RuntimeSettingsService } from '../services/runtime-settings.service.js';
import { SERVER_VERSION } from '../version.js';
import { AsmroneProvider } from './asmrone/asmrone-provider.js';
import { DlsiteProvider } from './dlsite/dlsite-provider.js';
import { DEFAULT_RETRIES, MetadataFetchJob, type MetadataSaver } from './fetch-job.js';
import { AnswerCache } from './http/answer-cache.js';
import { HostRateLimiter } from './http/host-rate-limiter.js';
import { PoliteClient } from './http/polite-client.js';
import { RemoteCovers } from './remote-covers.js';

export interface FetchJobParts {
  config: Pick<Config, 'dataDir' | 'metadata' | 'httpProxy'>;
  db: Kysely<Database>;
  store: MetadataSaver;
  covers: CoverSaver;
  settings: SettingsRepository;
  runtimeSettings: Pick<RuntimeSettingsService, 'get'>;
  logger: Logger;
}

/** The DLsite fetch job with its client, cache and covers, as the configuration says (context.ts). */
export function createMetadataFetchJob(parts: FetchJobParts): {
  job: MetadataFetchJob;
  close(): Promise<void>;
} {
  const { config } = parts;
  const dlsite = config.metadata.dlsite;
  const client = new PoliteClient(
    {
      proxy: config.httpProxy,
      timeoutMs: dlsite.timeoutMs,
      attempts: 4,
      backoffMs: 1000,
      maxWaitMs: 60_000,
      maxBytes: 32 * 1024 * 1024,
      userAgent: `Sasayaki/${SERVER_VERSION} (self-hosted audio library)`,
    },
    new HostRateLimiter(dlsite.requestsPerSecond),
  );
  const cache = new AnswerCache(join(config.dataDir, 'metadata-cache', 'dlsite'));
  const asmroneCache = new AnswerCache(join(config.dataDir, 'metadata-cache', 'asmrone'));
  const queue = new MetadataFetchRepository(parts.db);
  // Each provider's images are cached beside its answers, so two providers' images of a code never mix.
  const covers = (imageCache: AnswerCache) =>
    new RemoteCovers({
      client,
      cache: imageCache,
      covers: parts.covers,
      works: queue,
      preferRemote: dlsite.preferRemoteCover,
    });
  const job = new MetadataFetchJob({
    provider: new DlsiteProvider(client, cache, new DlsiteGenreRepository(parts.db), dlsite.url),
    asmrone:
      config.metadata.asmrone.enabled && config.metadata.providers.includes('asmrone')
        ? {
            provider: new AsmroneProvider(client, asmroneCache, config.metadata.asmrone.url),
            covers: covers(asmroneCache),
          }
        : null,
    store: parts.store,
    queue,
    covers: covers(cache),
    settings: parts.settings,
    enabled: async () =>
      config.metadata.providers.includes('dlsite') && (await parts.runtimeSettings.get()).dlsiteFetch,
    timing: { refreshMs: dlsite.refreshMs, notFoundRetryMs: dlsite.notFoundRetryMs, ...DEFAULT_RETRIES },
    logger: parts.logger,
  });
  return {
    job,
    async close() {
      await job.close();
      await client.close();
    },
  };
}
