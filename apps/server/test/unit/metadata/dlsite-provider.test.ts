import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DlsiteProvider } from '../../../src/metadata/dlsite/dlsite-provider.js';
import { AnswerCache } from '../../../src/metadata/http/answer-cache.js';
import { HostRateLimiter } from '../../../src/metadata/http/host-rate-limiter.js';
import { PoliteClient } from '../../../src/metadata/http/polite-client.js';
import type { GenreNames } from '../../../src/repositories/dlsite-genre.repository.js';
import { type FixtureServer, startDlsiteFixtureServer } from '../../../src/tools/dlsite-fixture-server.js';
import { FIXTURE_WORKS } from '../../helpers/dlsite-fixtures.js';

/** The genre store as a map, as the database table keeps it. */
class MemoryGenres {
  readonly names = new Map<number, GenreNames>();
  async find(ids: readonly number[]) {
    return new Map(
      ids.filter((id) => this.names.has(id)).map((id) => [id, this.names.get(id) as GenreNames]),
    );
  }
  async save(genres: ReadonlyMap<number, GenreNames>) {
    for (const [id, names] of genres) this.names.set(id, names);
  }
}

function client(): PoliteClient {
  return new PoliteClient(
    {
      proxy: null,
      timeoutMs: 400,
      attempts: 3,
      backoffMs: 20,
      maxWaitMs: 2000,
      maxBytes: 1 << 20,
      userAgent: 'sasayaki-test',
    },
    new HostRateLimiter(200),
  );
}

describe('DLsite provider against the fixture server', () => {
  let server: FixtureServer;
  let cacheDir: string;
  let genres: MemoryGenres;
  let provider: DlsiteProvider;

  beforeAll(async () => {
    server = await startDlsiteFixtureServer(FIXTURE_WORKS);
    cacheDir = mkdtempSync(join(tmpdir(), 'sasayaki-dlsite-'));
    genres = new MemoryGenres();
    provider = new DlsiteProvider(client(), new AnswerCache(cacheDir), genres, server.url);
  });
  afterAll(async () => {
    await server.close();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  it('reads a 6-digit work: circle with its RG id, voice actors, tags in three languages, ratings, price, sales', async () => {
    const result = (await provider.fetchWorks(['RJ146932'], 'all')).get('RJ146932');
    expect(result?.status).toBe('ok');
    const data = result?.data;
    expect(data?.title).toBe('眠りのメイドの耳かき');
    expect(data?.circle).toEqual({ id: 12345, name: 'そよかぜの部屋', dlsiteId: 'RG12345' });
    expect(data?.vas).toEqual([
      { id: null, name: '柚木つばめ' },
      { id: null, name: '涼花みなせ' },
    ]);
    expect(data?.tags?.find((tag) => tag.id === 163)).toEqual({
      id: 163,
      name: '耳かき',
      i18n: { 'ja-jp': { name: '耳かき' }, 'en-us': { name: 'Ear Cleaning' }, 'zh-cn': { name: '掏耳朵' } },
    });
    expect(data).toMatchObject({
      release: '2012-07-02',
      age: 'general',
      nsfw: false,
      price: 1100,
      dlCount: 12345,
      rateAverage: 4.62,
      rateCount: 200,
      reviewCount: 21,
      series: { id: 'SRI146932', name: '眠りのメイド' },
      sourceType: 'DLSITE',
      sourceUrl: `${server.url}/maniax/work/=/product_id/RJ146932.html`,
      coverUrl: `${server.url}/modpub/images2/work/doujin/RJ147000/RJ146932_img_main.jpg`,
    });
    expect(data?.rateCountDetail?.[4]).toEqual({ review_point: 5, count: 154, ratio: 77 });
    expect(data?.rank).toHaveLength(1);
  });

  it('reads an 8-digit code whole, and fetches a genre’s other names only once', async () => {
    const before = server.requests.length;
    const result = (await provider.fetchWorks(['RJ01324958'], 'all')).get('RJ01324958');
    expect(result?.status).toBe('ok');
    expect(result?.data.circle).toEqual({ id: 1012345, name: '雨宿り', dlsiteId: 'RG01012345' });
    expect(result?.data.tags?.[0]?.i18n['en-us']).toEqual({ name: 'Healing' });
    const asked = server.requests.slice(before);
    // 癒し (44) was named in English and Chinese with the first work: only the Japanese product JSON now.
    expect(asked.filter((path) => path.includes('product.json'))).toEqual([
      '/maniax/api/=/product.json?workno=RJ01324958&locale=ja_JP',
    ]);
    expect(result?.data.languageEditions?.map((edition) => edition.workno)).toEqual([
      'RJ01324958',
      'RJ01400001',
    ]);
  });

  it('links a translated edition to its original and takes the original’s cover', async () => {
    const result = (await provider.fetchWorks(['RJ01400001'], 'all')).get('RJ01400001');
    expect(result?.status).toBe('ok');
    expect(result?.data).toMatchObject({ originalWorkno: 'RJ01324958', lang: 'ENG' });
    expect(result?.originalCode).toBe('RJ01324958');
    expect(result?.data.translationInfo).toMatchObject({ is_child: true, original_workno: 'RJ01324958' });
    expect(result?.data.coverUrl).toContain('RJ01325000/RJ01324958_img_main.jpg');
  });

  it('leaves out what DLsite does not say (no VAs, no circle, no sales) without failing', async () => {
    const result = (await provider.fetchWorks(['RJ01500000'], 'all')).get('RJ01500000');
    expect(result?.status).toBe('ok');
    expect(result?.data.title).toBe('新作');
    expect(result?.data.vas).toEqual([]);
    expect(result?.data.circle).toBeUndefined();
    expect(result?.data.dlCount).toBeUndefined();
    expect(result?.data.price).toBeUndefined();
  });

  it('records delisted and region-locked works as not found at DLsite', async () => {
    const results = await provider.fetchWorks(['RJ200001', 'RJ200002'], 'all');
    for (const code of ['RJ200001', 'RJ200002']) {
      expect(results.get(code)).toMatchObject({
        status: 'not_found',
        data: {},
        message: 'not found at DLsite',
      });
    }
  });

  it('waits out a 429 (Retry-After) and gets the answer', async () => {
    const result = (await provider.fetchWorks(['RJ200003'], 'none')).get('RJ200003');
    expect(result?.status).toBe('ok');
    expect(result?.data.circle?.name).toBe('混雑');
    expect(server.requests.filter((path) => path.includes('workno=RJ200003&locale=ja_JP'))).toHaveLength(2);
  });

  it('reports a work whose answer never comes as failed, after its retries', async () => {
    const result = (await provider.fetchWorks(['RJ200004'], 'none')).get('RJ200004');
    expect(result).toMatchObject({ status: 'failed', data: {} });
    expect(result?.message).toMatch(/no answer within 400 ms/);
    expect(server.requests.filter((path) => path.includes('workno=RJ200004'))).toHaveLength(3);
  });

  it('reports malformed JSON and an unexpected shape as unreadable, saying what was wrong', async () => {
    const results = await provider.fetchWorks(['RJ200005', 'RJ200006', 'RJ146932'], 'none');
    expect(results.get('RJ200005')?.status).toBe('unreadable');
    expect(results.get('RJ200005')?.message).toMatch(/product JSON is not JSON/);
    expect(results.get('RJ200006')).toMatchObject({
      status: 'unreadable',
      message: 'DLsite product JSON is not an array',
    });
    // A neighbour in the same batch is not affected.
    expect(results.get('RJ146932')?.status).toBe('ok');
  });

  it('rebuilds from the answer cache with no network', async () => {
    const offline = new DlsiteProvider(
      client(),
      new AnswerCache(cacheDir),
      genres,
      'http://127.0.0.1:9', // nothing listens there
    );
    const result = (await offline.fetchWorks(['RJ146932'], 'all')).get('RJ146932');
    expect(result?.status).toBe('ok');
    expect(result?.data.dlCount).toBe(12345);
    expect(result?.data.tags).toHaveLength(3);
  });
});
