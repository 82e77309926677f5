import type { AnswerCache } from '../http/answer-cache.js';
import type { PoliteClient } from '../http/polite-client.js';
import type { ProviderResult } from '../provider-types.js';
import { parseWorkInfo } from './parse-work-info.js';

/**
 * The asmr.one provider (off by default; docs/metadata.md "asmr.one"): for a work DLsite does not know
 * (delisted, region-locked), `GET {base}/api/workInfo/:id` through the same polite client as DLsite
 * (proxy, per-host rate limit, timeout, retries), the raw answer cached under `metadata-cache/asmrone/`.
 * Never throws for what asmr.one answers: `ok`, `not_found` (404), `unreadable` (not a Work) or `failed`.
 * The answer's `mainCoverUrl` becomes the work's `coverUrl` (made into covers as DLsite's: fetch-job.ts).
 */
export class AsmroneProvider {
  constructor(
    private readonly client: Pick<PoliteClient, 'get'>,
    private readonly cache: Pick<AnswerCache, 'read' | 'write'>,
    private readonly baseUrl: string,
  ) {}

  /** One work by its code (`RJ01234567`); `fromCache` takes an answer fetched before (a rebuild). */
  async fetchWork(code: string, fromCache: boolean, signal?: AbortSignal): Promise<ProviderResult> {
    const key = `work/${code}.json`;
    const cached = fromCache ? await this.cache.read(key) : null;
    let body = cached?.text ?? null;
    if (body === null) {
      // asmr.one's id is the code's number, as in the kikoeru API (RJ01234567 → 1234567).
      const answer = await this.client.get(`${this.baseUrl}/api/workInfo/${Number(code.slice(2))}`, signal);
      if (answer.kind === 'http-error' && answer.status === 404)
        return { status: 'not_found', data: {}, message: 'not found at asmr.one' };
      if (answer.kind === 'http-error')
        return { status: 'failed', data: {}, message: `asmr.one answered HTTP ${answer.status}` };
      if (answer.kind === 'network-error')
        return { status: 'failed', data: {}, message: `asmr.one unreachable: ${answer.message}` };
      body = answer.body.toString('utf8');
    }
    const parsed = parseWorkInfo(body);
    if (parsed.kind === 'unreadable') return { status: 'unreadable', data: {}, message: parsed.message };
    if (!cached) await this.cache.write(key, body);
    const { coverUrl, ...data } = parsed.value;
    const cover = coverUrl === undefined ? null : this.absolute(coverUrl);
    return { status: 'ok', data: cover === null ? data : { ...data, coverUrl: cover }, message: null };
  }

  /** A cover URL as the answer gives it, relative ones (kikoeru servers') taken from the configured address. */
  private absolute(url: string): string | null {
    try {
      const absolute = new URL(url, `${this.baseUrl}/`);
      return absolute.protocol === 'http:' || absolute.protocol === 'https:' ? absolute.href : null;
    } catch {
      return null;
    }
  }
}
