import type { Envelope, Work } from '@sasayaki/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS_ON, bearer, register } from '../../helpers/accounts.js';
import { insertWorks } from '../../helpers/catalogue-factory.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../../helpers/test-context.js';

describe.each(DATABASE_KINDS)('reviews, ratings and progress on %s', (kind) => {
  let server: TestServer;
  let alice: Record<string, string>;
  let bob: Record<string, string>;
  const put = (headers: Record<string, string>, query: string, payload: object) =>
    server.app.inject({ method: 'PUT', url: `/api/review${query}`, headers, payload });
  const get = (headers: Record<string, string>, url: string) =>
    server.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    server = await startTestServer(kind, ACCOUNTS_ON);
    await insertWorks(server.ctx.database.db, [
      { id: 100001, title: 'First', release: '2020-01-01', dl_count: 10, review_count: 1, nsfw: false },
      { id: 100002, title: 'Second', release: '2022-01-01', dl_count: 30, review_count: 5, nsfw: true },
      { id: 100003, title: 'Third', release: '2021-01-01', dl_count: 20, review_count: 3, nsfw: true },
    ]);
    alice = bearer(await register(server, 'alice01'));
    bob = bearer(await register(server, 'bob0001'));
  });
  afterAll(async () => {
    await server?.close();
  });

  it('saves a half-star rating alone (no query), ignoring user_name', async () => {
    const response = await put(alice, '', { user_name: 'bob0001', work_id: 100001, rating: 4.5 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Rating saved' });
    expect((await get(alice, '/api/work/100001')).json()).toMatchObject({ userRating: 4.5, progress: null });
    expect((await get(bob, '/api/work/100001')).json()).toMatchObject({ userRating: null });
  });

  it('saves progress alone without touching the rating', async () => {
    const response = await put(alice, '?starOnly=false&progressOnly=true', {
      work_id: 100001,
      progress: 'listening',
    });
    expect(response.json()).toEqual({ message: 'Progress saved' });
    expect((await get(alice, '/api/work/100001')).json()).toMatchObject({
      userRating: 4.5,
      progress: 'listening',
    });
  });

  it('saves all three fields with starOnly=false, missing ones cleared', async () => {
    await put(alice, '?starOnly=false', {
      work_id: 100002,
      rating: 3,
      review_text: 'Lovely rain.',
      progress: 'listened',
    });
    expect((await get(alice, '/api/work/100002')).json()).toMatchObject({
      userRating: 3,
      review_text: 'Lovely rain.',
      progress: 'listened',
    });
    await put(alice, '?starOnly=false', { work_id: 100002, review_text: 'Only text now' });
    expect((await get(alice, '/api/work/100002')).json()).toMatchObject({
      userRating: null,
      review_text: 'Only text now',
      progress: null,
    });
  });

  it('removes a record once nothing is left in it', async () => {
    await put(bob, '', { work_id: 100003, rating: 2 });
    await put(bob, '', { work_id: 100003, rating: null });
    const rows = await server.ctx.database.db
      .selectFrom('reviews')
      .selectAll()
      .where('work_id', '=', 100003)
      .execute();
    expect(rows).toEqual([]);
  });

  it.each([
    ['', { work_id: 100001, rating: 4.3 }, 'rating'],
    ['', { work_id: 100001, rating: 6 }, 'rating'],
    ['', { work_id: 100001, rating: '5' }, 'rating'],
    ['', { work_id: 100001 }, 'rating'],
    ['?starOnly=false&progressOnly=true', { work_id: 100001, progress: 'done' }, 'progress'],
    ['?starOnly=false&progressOnly=true', { work_id: 100001 }, 'progress'],
    ['?starOnly=false', { work_id: 100001, review_text: 'x'.repeat(10_001) }, 'review_text'],
    ['', { work_id: 'abc', rating: 3 }, 'work_id'],
    ['?starOnly=maybe', { work_id: 100001, rating: 3 }, 'starOnly'],
  ])('rejects PUT %s %j naming %s', async (query, payload, param) => {
    const response = await put(alice, query, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].param).toBe(param);
  });

  it('answers 404 for unknown works', async () => {
    expect((await put(alice, '', { work_id: 999999, rating: 3 })).statusCode).toBe(404);
    expect(
      (await server.app.inject({ method: 'DELETE', url: '/api/review?work_id=999999', headers: alice }))
        .statusCode,
    ).toBe(404);
  });

  it('lists the favourites with orders, the progress filter and updated_at', async () => {
    await put(alice, '?starOnly=false', { work_id: 100003, rating: 5, progress: 'replay' });
    const all = (await get(alice, '/api/review')).json() as Envelope & {
      works: Array<Work & { updated_at: string }>;
    };
    expect(all.pagination.totalCount).toBe(3);
    expect(all.works.map((work) => work.id)).toEqual([100003, 100002, 100001]);
    expect(all.works[0]?.updated_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    const byRating = (await get(alice, '/api/review?order=userRating&sort=desc')).json() as Envelope;
    expect(byRating.works.map((work) => work.id)).toEqual([100003, 100001, 100002]);
    const byRelease = (await get(alice, '/api/review?order=release&sort=asc')).json() as Envelope;
    expect(byRelease.works.map((work) => work.id)).toEqual([100001, 100003, 100002]);
    const replay = (await get(alice, '/api/review?filter=replay')).json() as Envelope;
    expect(replay.works.map((work) => work.id)).toEqual([100003]);
    expect((await get(alice, '/api/review?filter=bogus')).statusCode).toBe(400);
    expect((await get(alice, '/api/review?order=bogus')).statusCode).toBe(400);
    expect(((await get(bob, '/api/review')).json() as Envelope).works).toEqual([]);
  });

  it('carries userRating in every list and sorts by it', async () => {
    const list = (await get(alice, '/api/works?order=rating&sort=desc')).json() as Envelope;
    expect(list.works.map((work) => [work.id, work.userRating])).toEqual([
      [100003, 5],
      [100001, 4.5],
      [100002, null],
    ]);
  });

  it('deletes the marker: rating, text and progress together', async () => {
    const response = await server.app.inject({
      method: 'DELETE',
      url: '/api/review?work_id=100001',
      headers: alice,
    });
    expect(response.json()).toEqual({ message: 'Marker deleted' });
    expect((await get(alice, '/api/work/100001')).json()).toMatchObject({
      userRating: null,
      progress: null,
      review_text: null,
    });
    expect(
      (await server.app.inject({ method: 'DELETE', url: '/api/review?work_id=x', headers: alice }))
        .statusCode,
    ).toBe(400);
  });

  it('leaves one consistent record after concurrent writes by one user', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? put(bob, '', { work_id: 100002, rating: ((i % 10) + 1) / 2 })
          : put(bob, '?starOnly=false&progressOnly=true', { work_id: 100002, progress: 'marked' }),
      ),
    );
    const rows = await server.ctx.database.db
      .selectFrom('reviews')
      .selectAll()
      .where('work_id', '=', 100002)
      .execute();
    const bobs = rows.filter((row) => row.progress === 'marked');
    expect(bobs).toHaveLength(1);
    expect(bobs[0]?.rating).toEqual(expect.any(Number));
  });
});
