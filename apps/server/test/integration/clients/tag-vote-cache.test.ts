import type { Envelope, Work } from '@sasayaki/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS_ON, bearer, register } from '../../helpers/accounts.js';
import { insertWorks } from '../../helpers/catalogue-factory.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../../helpers/test-context.js';

/**
 * A tag vote changes one work's card: the catalogue cache drops that work and the pages that show it,
 * and keeps every other work (services/catalogue-cache.ts, repositories/catalogue-version.ts
 * `markWorkChanged`). Work B's title is changed behind the cache's back (no version move): B's answer
 * still shows the cached title after a vote on A, which shows its new counts on every route at once.
 */
describe.each(DATABASE_KINDS)('a tag vote and the catalogue cache on %s', (kind) => {
  let server: TestServer;
  let alice: Record<string, string>;
  const get = async <T>(url: string): Promise<T> => {
    const response = await server.app.inject({ method: 'GET', url, headers: alice });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };
  const listed = async (url: string, id: number): Promise<Work | undefined> =>
    (await get<Envelope>(url)).works.find((work) => work.id === id);
  const upvotesOn = (work: Work | undefined) => work?.tags.find((tag) => tag.id === 1)?.upvote;

  beforeAll(async () => {
    server = await startTestServer(kind, ACCOUNTS_ON);
    await insertWorks(server.ctx.database.db, [
      { id: 100001, title: 'Work A', tags: [{ id: 1, name: 'ASMR' }] },
      { id: 100002, title: 'Work B', tags: [{ id: 1, name: 'ASMR' }] },
      { id: 100003, title: 'Work C', tags: [{ id: 1, name: 'ASMR' }] },
    ]);
    alice = bearer(await register(server, 'alice01'));
  });
  afterAll(async () => {
    await server?.close();
  });

  it('drops only the voted work: the other keeps its cached answer, the voted one shows its votes everywhere', async () => {
    // Cached: both works, the shared page that shows them, the label page.
    expect((await get<Work>('/api/work/100002')).title).toBe('Work B');
    expect(upvotesOn(await get<Work>('/api/work/100001'))).toBe(0);
    expect(upvotesOn(await listed('/api/works?pageSize=100', 100001))).toBe(0);
    expect(upvotesOn(await listed('/api/tags/1/works', 100001))).toBe(0);
    await server.ctx.database.db
      .updateTable('works')
      .set({ title: 'Work B, changed behind the cache' })
      .where('id', '=', 100002)
      .execute();

    const vote = await server.app.inject({
      method: 'POST',
      url: '/api/vote/vote-work-tag',
      headers: alice,
      payload: { workID: 100001, tagID: 1, status: 1 },
    });
    expect(vote.statusCode, vote.body).toBe(200);

    expect(upvotesOn(await get<Work>('/api/work/100001'))).toBe(1);
    expect(upvotesOn(await listed('/api/works?pageSize=100', 100001))).toBe(1);
    expect(upvotesOn(await listed('/api/tags/1/works', 100001))).toBe(1);
    expect(upvotesOn(await listed(`/api/search/${encodeURIComponent('$tag:ASMR$')}`, 100001))).toBe(1);
    // B was not read again: a vote no longer throws the whole catalogue's cache away.
    expect((await get<Work>('/api/work/100002')).title).toBe('Work B');
    expect((await listed('/api/works?pageSize=100', 100002))?.title).toBe('Work B');
  });

  it('shares one frozen tag object between the cached works that carry it with the same counts', async () => {
    const [a, b, c] = await server.ctx.catalogue.worksByIds([100001, 100002, 100003], null);
    expect(b?.tags[0]).toEqual({ id: 1, name: 'ASMR', i18n: {}, upvote: 0, downvote: 0 });
    expect(c?.tags[0]).toBe(b?.tags[0]);
    // A's tag has other counts (the vote above): its own object.
    expect(a?.tags[0]).not.toBe(b?.tags[0]);
    expect(Object.isFrozen(b?.tags[0])).toBe(true);
    expect(Object.isFrozen(b?.tags[0]?.i18n)).toBe(true);
  });
});
