import type { Envelope, Playlist } from '@sasayaki/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS_ON, bearer, register } from '../../helpers/accounts.js';
import { insertWorks } from '../../helpers/catalogue-factory.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../../helpers/test-context.js';

/**
 * `withPlaylistStatus[]=<playlist id>` on the works lists, the search and the recommender (reference
 * section 3, as LizuNemuri sends it): each work answers `playlistStatus: { <id>: true|false }`.
 */
describe.each(DATABASE_KINDS)('withPlaylistStatus[] on %s', (kind) => {
  let server: TestServer;
  let alice: Record<string, string>;
  let bob: Record<string, string>;
  let mine: Playlist;
  let bobsPrivate: Playlist;
  let bobsPublic: Playlist;
  const create = async (headers: Record<string, string>, payload: object): Promise<Playlist> => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/playlist/create-playlist',
      headers,
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  /** Each work's playlistStatus by work id (undefined where the work has none). */
  const statuses = (body: Envelope) =>
    Object.fromEntries(body.works.map((work) => [work.id, work.playlistStatus]));
  const get = async (url: string, headers = alice) => {
    const response = await server.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Envelope;
  };

  beforeAll(async () => {
    server = await startTestServer(kind, ACCOUNTS_ON);
    await insertWorks(server.ctx.database.db, [
      { id: 100001, title: 'First work', tags: [{ id: 5, name: 'Healing' }] },
      { id: 100002, title: 'Second work', tags: [{ id: 5, name: 'Healing' }] },
    ]);
    alice = bearer(await register(server, 'alice01'));
    bob = bearer(await register(server, 'bob0001'));
    mine = await create(alice, { name: 'Mine', privacy: 0, locale: 'en', description: '', works: [100001] });
    bobsPrivate = await create(bob, {
      name: 'Secret',
      privacy: 0,
      locale: 'en',
      description: '',
      works: [100001],
    });
    bobsPublic = await create(bob, {
      name: 'Shared',
      privacy: 2,
      locale: 'en',
      description: '',
      works: [100002],
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers each named playlist per work, as the apps repeat the parameter', async () => {
    const ids = [mine.id, bobsPrivate.id, bobsPublic.id];
    const query = ids.map((id) => `withPlaylistStatus[]=${id}`).join('&');
    const expected = {
      100001: { [mine.id]: true, [bobsPrivate.id]: false, [bobsPublic.id]: false },
      100002: { [mine.id]: false, [bobsPrivate.id]: false, [bobsPublic.id]: true },
    };
    expect(statuses(await get(`/api/works?${query}`))).toEqual(expected);
    // Someone else's private playlist says nothing, even to a list that holds it: false, like an unknown id.
    expect(statuses(await get(`/api/search/work?${query}`))).toEqual(expected);
    expect(statuses(await get(`/api/search?keyword=work&${query}`))).toEqual(expected);
    expect(statuses(await get(`/api/tags/5/works?${query}`))).toEqual(expected);
    // Its owner sees it.
    expect(statuses(await get(`/api/works?${query}`, bob))[100001]).toMatchObject({ [bobsPrivate.id]: true });
  });

  it('takes one id, the URL-encoded brackets, and the name without brackets', async () => {
    expect(statuses(await get(`/api/works?withPlaylistStatus[]=${mine.id}`))).toEqual({
      100001: { [mine.id]: true },
      100002: { [mine.id]: false },
    });
    expect(statuses(await get(`/api/works?withPlaylistStatus%5B%5D=${mine.id}`))[100001]).toEqual({
      [mine.id]: true,
    });
    expect(
      statuses(await get(`/api/works?withPlaylistStatus=${mine.id}&withPlaylistStatus=x`))[100001],
    ).toEqual({ [mine.id]: true, x: false });
  });

  it('answers the POST forms and the recommender the same way', async () => {
    const payload = { page: 1, withPlaylistStatus: [mine.id] };
    for (const url of ['/api/works', '/api/search', '/api/recommender/popular']) {
      const response = await server.app.inject({ method: 'POST', url, headers: alice, payload });
      expect(response.statusCode, `${url} ${response.body}`).toBe(200);
      expect(statuses(response.json())[100001], url).toEqual({ [mine.id]: true });
    }
    const neighbors = await server.app.inject({
      method: 'POST',
      url: '/api/recommender/item-neighbors',
      headers: alice,
      payload: { ...payload, itemId: 100002 },
    });
    expect(neighbors.statusCode, neighbors.body).toBe(200);
    for (const work of (neighbors.json() as Envelope).works)
      expect(work.playlistStatus).toHaveProperty(mine.id);
  });

  it('leaves lists asked without it as they were, shared pages included', async () => {
    await get(`/api/works?withPlaylistStatus[]=${mine.id}`);
    for (const headers of [alice, bob]) {
      expect(Object.values(statuses(await get('/api/works', headers)))).toEqual([undefined, undefined]);
    }
  });

  it('refuses more than 100 ids and overlong ids (400)', async () => {
    const many = Array.from({ length: 101 }, (_, i) => `withPlaylistStatus[]=p${i}`).join('&');
    const tooMany = await server.app.inject({ method: 'GET', url: `/api/works?${many}`, headers: alice });
    expect(tooMany.statusCode).toBe(400);
    const long = await server.app.inject({
      method: 'GET',
      url: `/api/works?withPlaylistStatus[]=${'x'.repeat(65)}`,
      headers: alice,
    });
    expect(long.statusCode).toBe(400);
  });
});
