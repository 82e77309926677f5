import { isRemoteCover, remoteCoverSource } from '../media/remote-cover-source.js';
import type { MetadataFetchRepository } from '../repositories/metadata-fetch.repository.js';
import { wantsRemoteCover } from '../repositories/metadata-fetch.repository.js';
import type { CoverSaver } from '../scanner/make-cover.js';
import { coverUrlOfOriginal } from './dlsite/dlsite-urls.js';
import type { AnswerCache } from './http/answer-cache.js';
import type { PoliteClient } from './http/polite-client.js';

export type CoverOutcome = 'made' | 'kept' | 'unavailable';

export interface RemoteCoverDeps {
  client: Pick<PoliteClient, 'get'>;
  cache: AnswerCache;
  covers: CoverSaver;
  works: Pick<MetadataFetchRepository, 'coverOf' | 'setRemoteCover'>;
  preferRemote: boolean;
}

/**
 * Covers from a provider's image URL, made into the same variants as local covers (main, `sam`,
 * `240x240`, by media/cover-store.ts with sharp). A work's own image wins unless the administrator prefers
 * fetched covers; an administrator's chosen cover always wins. The image is cached with the answers, so a
 * rebuild needs no network; a translated edition whose own URL 404s gets its original's image.
 */
export class RemoteCovers {
  constructor(private readonly deps: RemoteCoverDeps) {}

  async apply(
    workId: number,
    code: string,
    url: string,
    originalCode: string | null,
    signal?: AbortSignal,
  ): Promise<CoverOutcome> {
    const current = await this.deps.works.coverOf(workId);
    if (!current || !wantsRemoteCover(current.cover_source, this.deps.preferRemote)) return 'kept';
    const source = remoteCoverSource(url);
    // The same image as before: nothing to fetch (weekly refreshes of ratings do not fetch covers again).
    if (current.cover_key && isRemoteCover(current.cover_source) && current.cover_source === source)
      return 'kept';
    const bytes = await this.image(code, url, originalCode, signal);
    if (!bytes) return 'unavailable';
    let key: string;
    try {
      key = await this.deps.covers.save(bytes);
    } catch {
      return 'unavailable';
    }
    return (await this.deps.works.setRemoteCover(workId, key, source, this.deps.preferRemote))
      ? 'made'
      : 'kept';
  }

  private async image(
    code: string,
    url: string,
    originalCode: string | null,
    signal?: AbortSignal,
  ): Promise<Buffer | null> {
    const cacheKey = `covers/${code}.img`;
    const cached = await this.deps.cache.readBytes(cacheKey);
    if (cached) return cached;
    const urls = originalCode ? [url, coverUrlOfOriginal(url, code, originalCode)] : [url];
    for (const candidate of new Set(urls)) {
      const answer = await this.deps.client.get(candidate, signal);
      if (answer.kind === 'ok' && answer.body.length > 0) {
        await this.deps.cache.write(cacheKey, answer.body);
        return answer.body;
      }
    }
    return null;
  }
}
