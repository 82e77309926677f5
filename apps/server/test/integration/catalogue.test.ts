import { gunzipSync } from 'node:zlib';
import type { Envelope, Work } from '@sasayaki/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FactoryWork, insertWorks } from '../helpers/catalogue-factory.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../helpers/test-context.js';

const HEALING = {
  id: 1,
  name: '癒し',
  i18n: { 'en-us': { name: 'Healing' }, 'ja-jp': { name: '癒し' }, 'zh-cn': { name: '治愈' } },
};
const BINAURAL = {
  id: 2,
  name: 'バイノーラル',
  i18n: { 'en-us': { name: 'Binaural' }, 'zh-cn': { name: '双耳' } },
};
const SLEEP = { id: 3, name: '睡眠', i18n: { 'en-us': { name: 'Sleep' } } };
const CIRCLE_A = { id: 10, name: 'ひだまり工房' };
const CIRCLE_B = { id: 11, name: 'Moonlight Studio' };
const VA_1 = { id: '0c6f3a4e-8a4d-5f3e-9b1a-1d2e3f4a5b6c', name: '花澤さくら' };
const VA_2 = { id: '1d7e4b5f-9b5e-5a4f-8c2b-2e3f4a5b6c7d', name: '柚木つばめ' };

const WORKS: FactoryWork[] = [
  {
    id: 123456,
    title: '耳かきとおやすみの時間',
    circle: CIRCLE_A,
    tags: [HEALING, BINAURAL],
    vas: [VA_1, VA_2],
    release: '2021-05-01',
    create_date: '2026-01-05T00:00:00.000Z',
    price: 1320,
    dl_count: 5000,
    nsfw: false,
    age: 'general',
    has_subtitle: true,
    rate_average_2dp: 4.71,
    review_count: 20,
    duration: 3600,
    files: [
      { path: 'mp3/01 はじめに.mp3', type: 'audio', duration: 61.5, subtitle: 'mp3/01 はじめに.lrc' },
      { path: 'mp3/01 はじめに.lrc', type: 'text' },
      { path: 'wav/sub/02.wav', type: 'audio', duration: 120 },
      { path: 'cover.jpg', type: 'image' },
      { path: 'readme.txt', type: 'text' },
    ],
  },
  {
    id: 1234567,
    title: 'Rainy Night Whispers',
    circle: CIRCLE_B,
    tags: [SLEEP],
    vas: [VA_2],
    release: '2024-02-10',
    create_date: '2026-01-04T00:00:00.000Z',
    price: 990,
    dl_count: 800,
    nsfw: true,
    age: 'adult',
    rate_average_2dp: 4.2,
    review_count: 3,
    duration: 1200,
  },
  {
    id: 234567,
    title: '雨音と添い寝',
    circle: CIRCLE_A,
    tags: [SLEEP, HEALING],
    release: null,
    create_date: '2026-01-03T00:00:00.000Z',
    price: null,
    dl_count: null,
    nsfw: true,
    age: 'r15',
    has_subtitle: true,
    duration: 5400,
  },
  {
    id: 345678,
    title: 'No labels at all',
    release: '2021-05-01',
    create_date: '2026-01-02T00:00:00.000Z',
    price: 550,
    dl_count: 100,
    nsfw: null,
  },
  {
    id: 456789,
    title: 'Gone missing',
    circle: CIRCLE_B,
    tags: [SLEEP],
    missing: true,
    release: '2025-01-01',
  },
];
const PRESENT = WORKS.filter((work) => !work.missing);

/** The administrator every request is made as (accounts are off in these tests). */
function adminOf(server: TestServer) {
  return server.ctx.database.db
    .selectFrom('users')
    .select('id')
    .where('name', '=', 'admin')
    .executeTakeFirstOrThrow();
}

describe.each(DATABASE_KINDS)('catalogue routes on %s', (kind) => {
  let server: TestServer;
  const get = (url: string) => server.app.inject({ method: 'GET', url });
  const ids = async (url: string) => {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as Envelope).works.map((work) => work.id);
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    await insertWorks(server.ctx.database.db, WORKS);
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('GET /api/works', () => {
    it('lists present works newest first with the envelope', async () => {
      const response = await get('/api/works');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-store');
      const body = response.json() as Envelope;
      expect(body.pagination).toEqual({ currentPage: 1, pageSize: 12, totalCount: PRESENT.length });
      expect(body.works.map((work) => work.id)).toEqual([123456, 1234567, 234567, 345678]);
    });

    it('shapes a work as the contract says', async () => {
      const body = (await get('/api/works')).json() as Envelope;
      const work = body.works.find((w) => w.id === 123456) as Work;
      expect(work).toMatchObject({
        source_id: 'RJ123456',
        circle_id: 10,
        name: 'ひだまり工房',
        circle: { id: 10, name: 'ひだまり工房' },
        vas: [VA_1, VA_2],
        release: '2021-05-01',
        nsfw: false,
        has_subtitle: true,
        rate_average_2dp: 4.71,
        rate_count_detail: [],
        userRating: null,
        mainCoverUrl: '/api/cover/123456.jpg?type=main',
        samCoverUrl: '/api/cover/123456.jpg?type=sam',
        thumbnailCoverUrl: '/api/cover/123456.jpg?type=240x240',
      });
      expect(work.tags.map((tag) => tag.id).sort()).toEqual([1, 2]);
      expect(work.tags.find((tag) => tag.id === 1)?.i18n['zh-cn']).toEqual({ name: '治愈' });
      const eight = body.works.find((w) => w.id === 1234567) as Work;
      expect(eight.source_id).toBe('RJ01234567');
      const bare = body.works.find((w) => w.id === 345678) as Work;
      // Issue 12 item 8: an unknown circle is UNKNOWN_CIRCLE and an unknown age is not adult, never null.
      expect(bare).toMatchObject({
        circle: { id: 0, name: '' },
        circle_id: 0,
        name: '',
        vas: [],
        tags: [],
        nsfw: false,
      });
    });

    it('pages with pageSize and stays stable past the end', async () => {
      expect(await ids('/api/works?pageSize=2&page=1')).toEqual([123456, 1234567]);
      expect(await ids('/api/works?pageSize=2&page=2')).toEqual([234567, 345678]);
      const past = (await get('/api/works?pageSize=2&page=9')).json() as Envelope;
      expect(past.works).toEqual([]);
      expect(past.pagination).toEqual({ currentPage: 9, pageSize: 2, totalCount: 4 });
    });

    it.each([
      ['release', 'desc', [1234567, 345678, 123456, 234567]],
      ['release', 'asc', [345678, 123456, 1234567, 234567]],
      ['price', 'asc', [345678, 1234567, 123456, 234567]],
      ['price', 'desc', [123456, 1234567, 345678, 234567]],
      ['dl_count', 'desc', [123456, 1234567, 345678, 234567]],
      ['rate_average_2dp', 'desc', [123456, 1234567, 345678, 234567]],
      ['review_count', 'desc', [123456, 1234567, 345678, 234567]],
      ['id', 'asc', [123456, 234567, 345678, 1234567]],
      ['id', 'desc', [1234567, 345678, 234567, 123456]],
      ['nsfw', 'asc', [123456, 1234567, 234567, 345678]],
      ['duration', 'desc', [234567, 123456, 1234567, 345678]],
      ['create_date', 'asc', [345678, 234567, 1234567, 123456]],
    ])('orders by %s %s with nulls last and the release/id tie-break', async (order, sort, expected) => {
      expect(await ids(`/api/works?order=${order}&sort=${sort}`)).toEqual(expected);
    });

    it('orders by title', async () => {
      const titles = (await get('/api/works?order=title&sort=asc')).json().works.map((w: Work) => w.title);
      expect(titles.slice(0, 2)).toEqual(['No labels at all', 'Rainy Night Whispers']);
    });

    it("orders by the current user's rating", async () => {
      const admin = await adminOf(server);
      // Through the service, as PUT /api/review saves them: this process then shows them at once (another
      // process's within a second, services/user-marks.ts).
      await server.ctx.reviews.save(admin.id, 'all', { work_id: 234567, rating: 5, progress: 'listening' });
      await server.ctx.reviews.save(admin.id, 'all', { work_id: 345678, rating: 2.5, review_text: 'ok' });
      expect((await ids('/api/works?order=rating&sort=desc')).slice(0, 2)).toEqual([234567, 345678]);
      expect((await ids('/api/works?order=rating&sort=asc')).slice(0, 2)).toEqual([345678, 234567]);
      // Pages cross from the rated works to the rest, which follow in release order.
      expect(await ids('/api/works?order=rating&sort=desc&pageSize=3&page=1')).toEqual([
        234567, 345678, 1234567,
      ]);
      expect(await ids('/api/works?order=rating&sort=desc&pageSize=3&page=2')).toEqual([123456]);
      expect(await ids('/api/works?order=rating&sort=desc&pageSize=1&page=2')).toEqual([345678]);
      expect(await ids('/api/search/%24subtitle%3A1%24?order=rating&sort=desc')).toEqual([234567, 123456]);
      const work = (await get('/api/work/234567')).json() as Work;
      expect(work).toMatchObject({ userRating: 5, progress: 'listening', review_text: null });
      const info = (await get('/api/workInfo/234567')).json() as Work;
      expect(info).toMatchObject({ userRating: null, progress: null });
    });

    it('shuffles stably per seed', async () => {
      const first = await ids('/api/works?order=random&seed=42&pageSize=2&page=1');
      const second = await ids('/api/works?order=random&seed=42&pageSize=2&page=2');
      expect([...first, ...second].sort()).toEqual(PRESENT.map((w) => w.id).sort());
      expect(await ids('/api/works?order=random&seed=42&pageSize=2&page=1')).toEqual(first);
      const orders = new Set<string>();
      for (const seed of [1, 2, 3, 4, 5, 6])
        orders.add((await ids(`/api/works?order=random&seed=${seed}`)).join());
      expect(orders.size).toBeGreaterThan(1);
    });

    it('betterRandom returns one work and the full count', async () => {
      const body = (await get('/api/works?order=betterRandom')).json() as Envelope;
      expect(body.works).toHaveLength(1);
      expect(body.pagination.totalCount).toBe(4);
    });

    it('keeps only works with subtitles', async () => {
      expect(await ids('/api/works?subtitle=1')).toEqual([123456, 234567]);
      expect(await ids('/api/works?subtitle=0')).toHaveLength(4);
    });

    it.each([
      ['page=abc', 'page'],
      ['page=0', 'page'],
      ['page=1.5', 'page'],
      ['page=-1', 'page'],
      ['pageSize=101', 'pageSize'],
      ['order=nope', 'order'],
      ['sort=up', 'sort'],
      ['seed=100', 'seed'],
      ['subtitle=2', 'subtitle'],
    ])('rejects %s with a 400 naming the parameter', async (query, param) => {
      const response = await get(`/api/works?${query}`);
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.error).toEqual(expect.any(String));
      expect(body.errors[0]).toMatchObject({ param, location: 'query' });
    });

    it('ignores unknown query parameters', async () => {
      expect(await ids('/api/works?foo=bar&token=x')).toHaveLength(4);
    });
  });

  describe('pages every listener shares', () => {
    const gzipped = { 'accept-encoding': 'gzip' };

    it('sends the same encoded bytes each time, gzipped or plain as asked', async () => {
      const first = await server.app.inject({ url: '/api/works?pageSize=2', headers: gzipped });
      const second = await server.app.inject({ url: '/api/works?pageSize=2', headers: gzipped });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-encoding']).toBe('gzip');
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(first.headers.vary).toBe('Accept-Encoding');
      expect(first.headers['cache-control']).toBe('private, no-store');
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
      const plain = await get('/api/works?pageSize=2');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBe('Accept-Encoding');
      expect(gunzipSync(first.rawPayload).toString()).toBe(plain.body);
      expect((plain.json() as Envelope).works.map((work) => work.id)).toEqual([123456, 1234567]);
      // Another page of the same list is its own answer.
      expect(await ids('/api/works?pageSize=2&page=2')).toEqual([234567, 345678]);
    });

    it("answers with the user's own fields once they have some on the page", async () => {
      const url = '/api/works?pageSize=1&order=id&sort=desc';
      expect((await get(url)).json().works[0]).toMatchObject({ id: 1234567, userRating: null });
      const admin = await adminOf(server);
      await server.ctx.reviews.save(admin.id, 'all', { work_id: 1234567, rating: 4, review_text: 'mine' });
      try {
        const work = (await get(url)).json().works[0];
        expect(work).toMatchObject({ id: 1234567, userRating: 4, review_text: 'mine' });
      } finally {
        await server.ctx.reviews.delete(admin.id, 1234567);
      }
      expect((await get(url)).json().works[0]).toMatchObject({
        id: 1234567,
        userRating: null,
        review_text: null,
      });
    });
  });

  describe('search', () => {
    const search = (keyword: string, query = '') => ids(`/api/search/${encodeURIComponent(keyword)}${query}`);

    it.each([
      ['RJ123456', [123456]],
      ['rj01234567', [1234567]],
      ['01234567', [1234567]],
      ['234567', [234567]],
      ['耳かき', [123456]],
      ['雨音', [234567]],
      ['添い寝', [234567]],
      ['whisper', [1234567]],
      ['RAINY night', [1234567]],
      ['ひだまり', [123456, 234567]],
      ['healing', [123456, 234567]],
      ['治愈', [123456, 234567]],
      ['花澤', [123456]],
      ['つばめ', [123456, 1234567]],
      ['RJ2345', [234567]],
      ['$tag:Healing$', [123456, 234567]],
      ['$tag:双耳$', [123456]],
      ['$-tag:睡眠$', [123456, 345678]],
      ['$circle:Moonlight Studio$', [1234567]],
      ['$va:柚木つばめ$ $tag:sleep$', [1234567]],
      ['$rate:4.5$', [123456]],
      ['$price:1000$', [123456]],
      ['$sell:500$', [123456, 1234567]],
      ['$duration:1.5h$', [234567]],
      ['$duration:60m$', [123456, 234567]],
      ['$-duration:30m$', [1234567, 345678]],
      ['$age:adult$', [1234567]],
      ['$age:r15$', [234567]],
      ['$subtitle:1$', [123456, 234567]],
      ['100%', []],
      ['a_b', []],
    ])('%s finds %j', async (keyword, expected) => {
      expect(await search(keyword)).toEqual(expected);
    });

    it('lists everything for an empty keyword and accepts slashes', async () => {
      expect(await ids('/api/search/')).toHaveLength(4);
      expect(await ids('/api/search')).toHaveLength(4);
      expect(await ids('/api/search/no/such/thing')).toEqual([]);
      expect(await ids('/api/search?keyword=%E9%9B%A8%E9%9F%B3')).toEqual([234567]);
    });

    it('applies orders, paging and the subtitle filter to results', async () => {
      expect(await search('$circle:ひだまり工房$', '?order=id&sort=desc')).toEqual([234567, 123456]);
      expect(await search('$circle:ひだまり工房$', '?subtitle=1&pageSize=1&page=2')).toEqual([234567]);
    });

    it('answers an RJ code alone as a page of that one work, in any order, and pages past it', async () => {
      const page = async (query: string) => (await get(`/api/search/RJ234567${query}`)).json();
      for (const order of ['', '?order=title&sort=asc', '?order=rating', '?order=betterRandom']) {
        const body = await page(order);
        expect(body.works.map((work: { id: number }) => work.id)).toEqual([234567]);
        expect(body.pagination).toMatchObject({ currentPage: 1, totalCount: 1 });
      }
      expect(await page('?page=2')).toMatchObject({
        works: [],
        pagination: { currentPage: 2, totalCount: 1 },
      });
      expect(await page('?subtitle=1')).toMatchObject({ pagination: { totalCount: 1 } });
      expect((await get('/api/search/RJ999999')).json()).toMatchObject({
        works: [],
        pagination: { totalCount: 0 },
      });
      expect(await search('RJ456789')).toEqual([]);
      expect(await search('RJ123456 RJ234567')).toEqual([]);
      expect(await search('RJ123456 RJ123456')).toEqual([123456]);
      expect(await search('RJ01234567', '?subtitle=1')).toEqual([]);
    });

    it.each(['$tag:$', '$foo:bar$', '$rate:high$', '$age:kids$', '$-rate:3$', 'broken $tag:x'])(
      'rejects the malformed token in %s',
      async (keyword) => {
        const response = await get(`/api/search/${encodeURIComponent(keyword)}`);
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toMatch(/search token/);
      },
    );
  });

  describe('labels', () => {
    it('lists circles, tags and VAs with counts of present works, by name', async () => {
      expect((await get('/api/circles')).json()).toEqual([
        { id: 11, name: 'Moonlight Studio', count: 1 },
        { id: 10, name: 'ひだまり工房', count: 2 },
      ]);
      const tags = (await get('/api/tags/')).json();
      expect(tags.map((tag: { name: string; count: number }) => [tag.name, tag.count])).toEqual([
        ['バイノーラル', 1],
        ['癒し', 2],
        ['睡眠', 2],
      ]);
      expect(tags[0].i18n['en-us']).toEqual({ name: 'Binaural' });
      expect((await get('/api/vas')).json()).toEqual([
        { ...VA_2, count: 2 },
        { ...VA_1, count: 1 },
      ]);
    });

    it('answers one label and its works, 404 when unknown, 400 for a bad id', async () => {
      expect((await get('/api/circles/10')).json()).toEqual(CIRCLE_A);
      expect((await get('/api/tags/1')).json()).toEqual({ id: 1, name: '癒し', i18n: HEALING.i18n });
      expect((await get(`/api/vas/${VA_1.id}`)).json()).toEqual(VA_1);
      expect(await ids('/api/circles/10/works')).toEqual([123456, 234567]);
      expect(await ids('/api/tags/3/works?order=id&sort=asc')).toEqual([234567, 1234567]);
      expect(await ids(`/api/vas/${VA_2.id}/works`)).toEqual([123456, 1234567]);
      expect((await get('/api/circles/999')).statusCode).toBe(404);
      expect((await get('/api/tags/999/works')).statusCode).toBe(404);
      expect((await get('/api/vas/00000000-0000-0000-0000-000000000000')).statusCode).toBe(404);
      expect((await get('/api/circles/abc')).statusCode).toBe(400);
      expect((await get('/api/vas/not-a-uuid')).statusCode).toBe(400);
      expect((await get('/api/tags/1/works?page=0')).statusCode).toBe(400);
    });
  });

  describe('single works and trees', () => {
    it.each(['123456', 'RJ123456', 'rj123456'])('accepts the id form %s', async (id) => {
      expect((await get(`/api/workInfo/${id}`)).json().id).toBe(123456);
    });

    it('accepts 8-digit codes and bare numbers', async () => {
      expect((await get('/api/work/RJ01234567')).json().id).toBe(1234567);
      expect((await get('/api/work/01234567')).json().id).toBe(1234567);
      expect((await get('/api/work/1234567')).json().id).toBe(1234567);
    });

    it('answers 404 for unknown and missing works, 400 for bad ids', async () => {
      for (const url of [
        '/api/work/999999',
        '/api/workInfo/456789',
        '/api/tracks/456789',
        '/api/work/RJ456789',
      ]) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(404);
        expect(response.json().error).toEqual(expect.any(String));
      }
      for (const url of ['/api/work/abc', '/api/work/RJ12345', '/api/tracks/..%2F..%2Fetc', '/api/work/-1']) {
        expect((await get(url)).statusCode, url).toBe(400);
      }
    });

    it('builds the file tree from the index, folders first', async () => {
      const response = await get('/api/tracks/RJ123456');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([
        {
          type: 'folder',
          title: 'mp3',
          children: [
            {
              type: 'audio',
              title: '01 はじめに.mp3',
              hash: '123456/0',
              workTitle: '耳かきとおやすみの時間',
              work: { id: 123456, source_id: 'RJ123456', source_type: 'DLSITE' },
              size: 1000,
              duration: 61.5,
              mediaStreamUrl: '/api/media/stream/123456/0',
              mediaDownloadUrl: '/api/media/download/123456/0',
            },
            expect.objectContaining({ type: 'text', title: '01 はじめに.lrc', hash: '123456/1' }),
          ],
        },
        {
          type: 'folder',
          title: 'wav',
          children: [
            {
              type: 'folder',
              title: 'sub',
              children: [
                expect.objectContaining({ type: 'audio', title: '02.wav', hash: '123456/2', duration: 120 }),
              ],
            },
          ],
        },
        expect.objectContaining({ type: 'image', title: 'cover.jpg', hash: '123456/3' }),
        expect.objectContaining({ type: 'text', title: 'readme.txt', hash: '123456/4' }),
      ]);
    });
  });
});
