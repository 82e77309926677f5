import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecommenderRepository } from '../../../src/repositories/recommender.repository.js';
import { RecommenderService } from '../../../src/services/recommender/recommender.service.js';
import { ACCOUNTS_ON, bearer, register } from '../../helpers/accounts.js';
import { type FactoryWork, insertWorks } from '../../helpers/catalogue-factory.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../../helpers/test-context.js';

const asmr = { id: 1, name: 'ASMR' };
const earCleaning = { id: 2, name: '耳かき' };
const horror = { id: 3, name: 'ホラー' };
const voiceX = { id: '00000000-0000-4000-8000-00000000000a', name: 'X' };
const voiceY = { id: '00000000-0000-4000-8000-00000000000b', name: 'Y' };
const voiceZ = { id: '00000000-0000-4000-8000-00000000000c', name: 'Z' };

/**
 * A library where the answers are known: 101 and 102 share both tags, the voice and the circle; 103 shares
 * one tag with them; 104 and 105 are a horror pair of their own; 106 carries no label at all.
 */
const LIBRARY: FactoryWork[] = [
  { id: 101, title: 'A1', tags: [asmr, earCleaning], vas: [voiceX], circle: { id: 10, name: 'c10' } },
  { id: 102, title: 'A2', tags: [asmr, earCleaning], vas: [voiceX], circle: { id: 10, name: 'c10' } },
  { id: 103, title: 'A3', tags: [earCleaning], vas: [voiceY], circle: { id: 11, name: 'c11' } },
  { id: 104, title: 'B1', tags: [horror], vas: [voiceZ], circle: { id: 12, name: 'c12' } },
  {
    id: 105,
    title: 'B2',
    tags: [horror],
    vas: [voiceZ],
    circle: { id: 12, name: 'c12' },
    has_subtitle: true,
  },
  { id: 106, title: 'C' },
];

/** The body the apps send (reference section 6), keyword " " included. */
const body = (extra: Record<string, unknown> = {}) => ({
  keyword: ' ',
  page: 1,
  subtitle: 0,
  localSubtitledWorks: [],
  withPlaylistStatus: [],
  ...extra,
});

const DAY = 24 * 3600 * 1000;

describe.each(DATABASE_KINDS)('POST /api/recommender/* on %s', (kind) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};

  async function ask(path: string, token: string, extra: Record<string, unknown> = {}) {
    const response = await server.app.inject({
      method: 'POST',
      url: `/api/recommender/${path}`,
      headers: bearer(token),
      payload: body(extra),
    });
    return response;
  }
  async function ids(path: string, token: string, extra: Record<string, unknown> = {}): Promise<number[]> {
    const response = await ask(path, token, extra);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().works.map((work: { id: number }) => work.id);
  }
  async function rate(name: string, workId: number, rating: number) {
    const response = await server.app.inject({
      method: 'PUT',
      url: '/api/review?starOnly=true',
      headers: bearer(tokens[name] as string),
      payload: { work_id: workId, rating },
    });
    expect(response.statusCode, response.body).toBe(200);
  }
  async function played(name: string, workId: number, daysAgo: number) {
    const user = await server.ctx.users.findByName(name);
    await server.ctx.database.db
      .insertInto('playback_history')
      .values({
        user_id: user?.id as number,
        work_id: workId,
        last_file_id: 0,
        last_position: 0,
        last_played_at: new Date(Date.now() - daysAgo * DAY).toISOString(),
      })
      .execute();
  }

  beforeAll(async () => {
    server = await startTestServer(kind, ACCOUNTS_ON);
    for (const name of ['alice', 'bobby', 'carol', 'david', 'erinn', 'frank', 'newbie']) {
      tokens[name] = await register(server, name);
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers an empty page on an empty library, never an error', async () => {
    // A service of its own: the app's keeps what it read first for up to 30 s.
    const recommender = new RecommenderService(
      new RecommenderRepository(server.ctx.database.db, server.ctx.database.dialect),
      server.ctx.catalogue,
      (error) => {
        throw error;
      },
    );
    const user = await server.ctx.users.findByName('alice');
    const empty = { works: [], pagination: { currentPage: 1, pageSize: 12, totalCount: 0 } };
    expect(await recommender.popular({ pageSize: 12 }, null)).toEqual(empty);
    expect(await recommender.recommendForUser({ pageSize: 12 }, user?.id as number)).toEqual(empty);
  });

  describe('on a small library whose answers are known', () => {
    beforeAll(async () => {
      await insertWorks(server.ctx.database.db, LIBRARY);
      // 104 played by three listeners today, 103 by one; 101 by five, but three months ago.
      for (const name of ['carol', 'david', 'erinn']) await played(name, 104, 0);
      await played('frank', 103, 1);
      for (const name of ['alice', 'bobby', 'carol', 'david', 'erinn']) await played(name, 101, 90);
      // Alice loved 101 and finished 103; Bob loved 101 too, and 105.
      await rate('alice', 101, 5);
      const finished = await server.app.inject({
        method: 'PUT',
        url: '/api/review?starOnly=false&progressOnly=true',
        headers: bearer(tokens.alice as string),
        payload: { work_id: 103, progress: 'listened' },
      });
      expect(finished.statusCode).toBe(200);
      await rate('bobby', 101, 5);
      await rate('bobby', 105, 5);
    });

    it('the label index reads one row a work, its tags and voices aggregated in id order', async () => {
      const repository = new RecommenderRepository(server.ctx.database.db, server.ctx.database.dialect);
      const rows = await repository.presentWorks(100, 2);
      // Not one row a link: node-postgres made an object of each of 770,000 at 100,000 works.
      expect(rows.map(({ id, circle_id, tag_ids, va_ids }) => ({ id, circle_id, tag_ids, va_ids }))).toEqual([
        { id: 101, circle_id: 10, tag_ids: expect.any(String), va_ids: expect.any(String) },
        { id: 102, circle_id: 10, tag_ids: expect.any(String), va_ids: expect.any(String) },
      ]);
      expect(rows.map((row) => JSON.parse(row.tag_ids as string))).toEqual([
        [1, 2],
        [1, 2],
      ]);
      expect(rows.map((row) => JSON.parse(row.va_ids as string))).toEqual([[voiceX.id], [voiceX.id]]);
      // A work without labels: none, as null (PostgreSQL) or an empty list (SQLite).
      const [bare] = await repository.presentWorks(105, 1);
      expect(bare?.id).toBe(106);
      expect(JSON.parse(bare?.tag_ids ?? '[]')).toEqual([]);
      expect(JSON.parse(bare?.va_ids ?? '[]')).toEqual([]);
    });

    it("a listener's own rows come as one row: each table's aggregated as JSON text, in work order", async () => {
      const repository = new RecommenderRepository(server.ctx.database.db, server.ctx.database.dialect);
      const alice = await server.ctx.users.findByName('alice');
      const rows = await repository.listenerRows(alice?.id as number);
      // Two strings, not a row object per review and play (node-postgres makes one of each).
      expect(rows).toEqual({ reviews: expect.any(String), plays: expect.any(String) });
      expect(JSON.parse(rows.reviews)).toEqual([
        [101, 5, null, expect.any(String)],
        [103, null, 'listened', expect.any(String)],
      ]);
      expect(JSON.parse(rows.plays)).toEqual([[101, expect.any(String)]]);
      const newbie = await server.ctx.users.findByName('newbie');
      expect(await repository.listenerRows(newbie?.id as number)).toEqual({ reviews: '[]', plays: '[]' });
      expect(await repository.listenerRows(999_999)).toEqual({ reviews: '[]', plays: '[]' });
    });

    it('popular: most played and best rated lately first; old plays have decayed', async () => {
      const popular = await ids('popular', tokens.newbie as string);
      // 104: three plays today (3). 101: two 5-star ratings today (1 each) and five plays three months
      // ago, worth about 0.06 now (5 without the decay, which would put it first). 105: one 5-star
      // rating today (1). 103: one play yesterday (0.95). Then the works nobody touched, newest first.
      expect(popular).toEqual([104, 101, 105, 103, 106, 102]);
    });

    it('recommend-for-user: shared labels and similar listeners; never what the user rated or finished', async () => {
      const forAlice = await ids('recommend-for-user', tokens.alice as string, { recommenderUuid: 'x' });
      expect(forAlice[0]).toBe(102); // same tags, voice and circle as the work she loved
      expect(forAlice).toContain(105); // Bob, who loved 101 as she did, loved it
      expect(forAlice).not.toContain(101); // rated
      expect(forAlice).not.toContain(103); // finished
      expect(forAlice).not.toContain(106); // nothing links it to her
    });

    it('recommend-for-user: a user with no history gets the popular works', async () => {
      expect(await ids('recommend-for-user', tokens.newbie as string)).toEqual(
        await ids('popular', tokens.newbie as string),
      );
    });

    it('recommend-for-user with personalOnly (Sasayaki): empty without history, the personal list with it', async () => {
      expect(await ids('recommend-for-user', tokens.newbie as string, { personalOnly: true })).toEqual([]);
      expect(await ids('recommend-for-user', tokens.alice as string, { personalOnly: true })).toEqual(
        await ids('recommend-for-user', tokens.alice as string),
      );
      const bad = await ask('recommend-for-user', tokens.alice as string, { personalOnly: 'yes' });
      expect(bad.statusCode).toBe(400);
    });

    it('item-neighbors: works sharing the most (and rarest) labels first, the work itself never', async () => {
      const like101 = await ids('item-neighbors', tokens.newbie as string, { itemId: 101 });
      expect(like101.slice(0, 2)).toEqual([102, 103]);
      expect(like101).not.toContain(101);
      expect(like101).not.toContain(106);
      expect((await ids('item-neighbors', tokens.newbie as string, { itemId: 104 }))[0]).toBe(105);
    });

    it('subtitle: 1 keeps only works with subtitles; pages and the envelope', async () => {
      expect(await ids('popular', tokens.newbie as string, { subtitle: 1 })).toEqual([105]);
      const response = await ask('popular', tokens.newbie as string, { page: 2, pageSize: 4 });
      expect(response.json().pagination).toEqual({ currentPage: 2, pageSize: 4, totalCount: 6 });
      expect(response.json().works).toHaveLength(2);
    });

    it('bad input: unknown work 404, a missing itemId or a string subtitle 400, no token 401', async () => {
      expect((await ask('item-neighbors', tokens.newbie as string, { itemId: 999 })).statusCode).toBe(404);
      expect((await ask('item-neighbors', tokens.newbie as string)).statusCode).toBe(400);
      expect((await ask('popular', tokens.newbie as string, { subtitle: '1' })).statusCode).toBe(400);
      const anonymous = await server.app.inject({
        method: 'POST',
        url: '/api/recommender/popular',
        payload: body(),
      });
      expect(anonymous.statusCode).toBe(401);
    });

    it('answers stay the same walk after walk: the reused score boards carry nothing from one to the next', async () => {
      const first = await ids('recommend-for-user', tokens.alice as string);
      await ids('recommend-for-user', tokens.bobby as string);
      await ids('item-neighbors', tokens.newbie as string, { itemId: 104 });
      // Bob's list is cached now: ask a listener whose list is computed on boards Bob's walk used.
      await ids('recommend-for-user', tokens.carol as string);
      const fresh = new RecommenderService(
        new RecommenderRepository(server.ctx.database.db, server.ctx.database.dialect),
        server.ctx.catalogue,
        (error) => {
          throw error;
        },
      );
      const alice = await server.ctx.users.findByName('alice');
      const bobby = await server.ctx.users.findByName('bobby');
      await fresh.itemNeighbors({}, 104, null);
      await fresh.recommendForUser({}, bobby?.id as number);
      const again = await fresh.recommendForUser({}, alice?.id as number);
      expect(again.works.map((work) => work.id)).toEqual(first);
      expect(await ids('recommend-for-user', tokens.alice as string)).toEqual(first);
    });

    it('recommend-for-user: a work rated a moment ago is left out at once (its rows are the cache key)', async () => {
      const before = await ids('recommend-for-user', tokens.frank as string);
      const top = before[0] as number;
      expect(top).toBeDefined();
      await rate('frank', top, 4);
      const after = await ids('recommend-for-user', tokens.frank as string);
      expect(after).not.toContain(top);
    });
  });
});
