import type { TagLanguage } from '@sasayaki/api-contract';
import type { DlsiteGenreRepository, GenreNames } from '../../repositories/dlsite-genre.repository.js';
import type { AnswerCache } from '../http/answer-cache.js';
import type { FetchAnswer, PoliteClient } from '../http/polite-client.js';
import type { ProviderMetadata, ProviderResult } from '../provider-types.js';
import { productInfoUrl, productJsonUrl, workPageUrl } from './dlsite-urls.js';
import { LOCALE_OF, missingLanguages, tagsOf, withNames } from './genre-names.js';
import { type ParseResult, type ProductFacts, parseProductJson } from './parse-product.js';
import { parseProductInfo } from './parse-product-info.js';

/** Codes per product-info request: DLsite takes several at once. */
export const INFO_BATCH_SIZE = 20;

/**
 * What may come from the answer cache: `all` (a first fetch or a rebuild: no network for what was fetched
 * before), `static` (the product JSON, which rarely changes, but fresh ratings, sales and prices: the
 * weekly refresh), `none` (an administrator's "refresh now", or a not-found work tried again).
 */
export type CachePolicy = 'all' | 'static' | 'none';

export interface DlsiteWorkResult extends ProviderResult {
  /** The original's code when this work is a translated edition (its cover may live there). */
  originalCode: string | null;
}

type Text = { kind: 'text'; text: string } | { kind: 'missing' } | { kind: 'failed'; message: string };

/**
 * The DLsite provider: a batch of codes → what DLsite knows of each (ProviderMetadata), one product-info
 * request for the batch and one product JSON per work (two more only when a genre's English or Chinese
 * name is not known yet). Every answer is cached raw (`metadata-cache/dlsite/`). Never throws for what
 * DLsite answers: each work gets `ok`, `not_found` (empty answer: missing, delisted or region-locked),
 * `unreadable` (an answer it cannot read, said how) or `failed` (network, timeout, 5xx after retries).
 */
export class DlsiteProvider {
  constructor(
    private readonly client: PoliteClient,
    private readonly cache: AnswerCache,
    private readonly genres: Pick<DlsiteGenreRepository, 'find' | 'save'>,
    private readonly baseUrl: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async fetchWorks(
    codes: readonly string[],
    policy: CachePolicy,
    signal?: AbortSignal,
  ): Promise<Map<string, DlsiteWorkResult>> {
    const results = new Map<string, DlsiteWorkResult>();
    for (let start = 0; start < codes.length; start += INFO_BATCH_SIZE) {
      const batch = codes.slice(start, start + INFO_BATCH_SIZE);
      const infos = await this.productInfo(batch, policy, signal);
      const works = await Promise.all(
        batch.map((code) => this.fetchWork(code, infos.get(code) ?? { kind: 'not_found' }, policy, signal)),
      );
      for (const [index, code] of batch.entries()) results.set(code, works[index] as DlsiteWorkResult);
    }
    return results;
  }

  private async fetchWork(
    code: string,
    info: ParseResult<ProviderMetadata> | { kind: 'failed'; message: string },
    policy: CachePolicy,
    signal?: AbortSignal,
  ): Promise<DlsiteWorkResult> {
    const answer = await this.productJson(code, 'ja-jp', policy !== 'none', signal);
    if (answer.kind === 'failed')
      return { status: 'failed', data: {}, message: answer.message, originalCode: null };
    const product =
      answer.kind === 'missing'
        ? ({ kind: 'not_found' } as const)
        : parseProductJson(answer.text, code, this.baseUrl);
    const infoFacts = info.kind === 'ok' ? info.value : {};
    if (product.kind === 'unreadable') {
      return { status: 'unreadable', data: infoFacts, message: product.message, originalCode: null };
    }
    if (product.kind === 'not_found') {
      if (info.kind !== 'ok') {
        return { status: 'not_found', data: {}, message: 'not found at DLsite', originalCode: null };
      }
      // Known to product info only: its dynamic facts are still worth having.
      return {
        status: 'ok',
        data: { ...infoFacts, sourceUrl: workPageUrl(this.baseUrl, code) },
        originalCode: null,
      };
    }
    const tags = await this.tagsOf(code, product.value, policy, signal);
    const data: ProviderMetadata = {
      ...infoFacts,
      ...product.value.metadata,
      // Ratings, sales, prices and ranks are product info's (fresher); the product JSON lacks most of them.
      ...dynamicOf(infoFacts),
      tags,
      sourceType: 'DLSITE',
      sourceUrl: workPageUrl(this.baseUrl, code),
    };
    const message = info.kind === 'unreadable' || info.kind === 'failed' ? info.message : null;
    const originalCode = data.originalWorkno && data.originalWorkno !== code ? data.originalWorkno : null;
    return { status: 'ok', data, message, originalCode };
  }

  /** The genres' names in every language: known ones from the database, the others fetched once and kept. */
  private async tagsOf(
    code: string,
    facts: ProductFacts,
    policy: CachePolicy,
    signal?: AbortSignal,
  ): Promise<ProviderMetadata['tags']> {
    if (facts.genres.length === 0) return [];
    let known: Map<number, GenreNames> = await this.genres.find(facts.genres.map((genre) => genre.id));
    const fetched = new Map<number, GenreNames>();
    for (const language of missingLanguages(facts.genres, known)) {
      const answer = await this.productJson(code, language, policy !== 'none', signal);
      if (answer.kind !== 'text') continue;
      const parsed = parseProductJson(answer.text, code, this.baseUrl);
      if (parsed.kind !== 'ok') continue;
      known = withNames(known, language, parsed.value.genres);
      for (const genre of parsed.value.genres) fetched.set(genre.id, known.get(genre.id) ?? {});
    }
    if (fetched.size > 0) {
      const withJapanese = withNames(
        fetched,
        'ja-jp',
        facts.genres.filter((genre) => fetched.has(genre.id)),
      );
      await this.genres.save(withJapanese, this.now().toISOString());
    }
    return tagsOf(facts.genres, known);
  }

  private async productJson(
    code: string,
    language: TagLanguage,
    fromCache: boolean,
    signal?: AbortSignal,
  ): Promise<Text> {
    const locale = LOCALE_OF[language];
    const key = `product/${code}.${locale}.json`;
    const cached = fromCache ? await this.cache.read(key) : null;
    if (cached) return { kind: 'text', text: cached.text };
    const answer = await this.client.get(productJsonUrl(this.baseUrl, code, locale), signal);
    const text = textOf(answer);
    if (text.kind === 'text') await this.cache.write(key, text.text);
    return text;
  }

  /** Product info of a batch: cached codes from the cache (policy `all`), the rest in one request. */
  private async productInfo(
    codes: readonly string[],
    policy: CachePolicy,
    signal?: AbortSignal,
  ): Promise<Map<string, ParseResult<ProviderMetadata> | { kind: 'failed'; message: string }>> {
    const results = new Map<string, ParseResult<ProviderMetadata> | { kind: 'failed'; message: string }>();
    const toFetch: string[] = [];
    for (const code of codes) {
      const cached = policy === 'all' ? await this.cache.read(`info/${code}.json`) : null;
      if (cached)
        results.set(
          code,
          parseProductInfo(cached.text, [code], this.baseUrl).get(code) ?? { kind: 'not_found' },
        );
      else toFetch.push(code);
    }
    if (toFetch.length === 0) return results;
    const text = textOf(await this.client.get(productInfoUrl(this.baseUrl, toFetch), signal));
    if (text.kind !== 'text') {
      const failed = {
        kind: 'failed' as const,
        message: text.kind === 'failed' ? text.message : 'product info: not found',
      };
      for (const code of toFetch) results.set(code, failed);
      return results;
    }
    for (const [code, result] of parseProductInfo(text.text, toFetch, this.baseUrl)) {
      results.set(code, result);
      // Kept per code, so a rebuild reads them back whatever batches it makes.
      if (result.kind === 'ok') {
        const item = (JSON.parse(text.text) as Record<string, unknown>)[code];
        await this.cache.write(`info/${code}.json`, JSON.stringify({ [code]: item }));
      }
    }
    return results;
  }
}

/** The fields product info is the better source of. */
function dynamicOf(info: ProviderMetadata): ProviderMetadata {
  const { price, dlCount, rateAverage, rateCount, rateCountDetail, reviewCount, rank } = info;
  const dynamic: ProviderMetadata = {
    price,
    dlCount,
    rateAverage,
    rateCount,
    rateCountDetail,
    reviewCount,
    rank,
  };
  for (const key of Object.keys(dynamic) as Array<keyof ProviderMetadata>) {
    if (dynamic[key] === undefined) delete dynamic[key];
  }
  return dynamic;
}

/** A 404 is an answer (not here); other failures after the client's retries are a failed fetch. */
function textOf(answer: FetchAnswer): Text {
  if (answer.kind === 'ok') return { kind: 'text', text: answer.body.toString('utf8') };
  if (answer.kind === 'http-error' && answer.status === 404) return { kind: 'missing' };
  if (answer.kind === 'http-error')
    return { kind: 'failed', message: `DLsite answered HTTP ${answer.status}` };
  return { kind: 'failed', message: `DLsite unreachable: ${answer.message}` };
}
