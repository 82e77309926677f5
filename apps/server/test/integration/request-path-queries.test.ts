import type { Envelope, Work } from '@sasayaki/api-contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TokenService } from '../../src/auth/token.service.js';
import { TagVoteRepository } from '../../src/repositories/tag-vote.repository.js';
import { UserRepository } from '../../src/repositories/user.repository.js';
import { WorkRepository } from '../../src/repositories/work.repository.js';
import { ACCOUNTS_ON, bearer, login, register } from '../helpers/accounts.js';
import { insertWorks } from '../helpers/catalogue-factory.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../helpers/test-context.js';

/**
 * What the hot requests ask the database (bench/README.md, "PostgreSQL's round trips"): page 1 and a
 * work the listener never marked ask nothing about the listener, requests that arrive together with a
 * new token look it up once, and a login does not verify the token it has just signed.
 */
describe.each(DATABASE_KINDS)('what a request asks the database on %s', (kind) => {
  let server: TestServer;
  let alice: Record<string, string>;
  const get = (headers: Record<string, string>, url: string) =>
    server.app.inject({ method: 'GET', url, headers });
  const work = async (headers: Record<string, string>, id: number): Promise<Work> => {
    const response = await get(headers, `/api/work/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    server = await startTestServer(kind, ACCOUNTS_ON);
    await insertWorks(server.ctx.database.db, [
      { id: 100001, title: 'Newest', release: '2024-01-01', tags: [{ id: 1, name: 'ASMR' }] },
      { id: 100002, title: 'Newer', release: '2023-01-01', tags: [{ id: 1, name: 'ASMR' }] },
      { id: 100003, title: 'Oldest', release: '2020-01-01', tags: [{ id: 1, name: 'ASMR' }] },
    ]);
    alice = bearer(await register(server, 'alice01'));
    const rated = await server.app.inject({
      method: 'PUT',
      url: '/api/review',
      headers: alice,
      payload: { work_id: 100003, rating: 4 },
    });
    expect(rated.statusCode, rated.body).toBe(200);
    const voted = await server.app.inject({
      method: 'POST',
      url: '/api/vote/vote-work-tag',
      headers: alice,
      payload: { workID: 100003, tagID: 1, status: 1 },
    });
    expect(voted.statusCode, voted.body).toBe(200);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers a page and a work the listener never marked without asking for their fields or votes', async () => {
    await get(alice, '/api/works?pageSize=2');
    const fields = vi.spyOn(WorkRepository.prototype, 'userFieldsFor');
    const votes = vi.spyOn(TagVoteRepository.prototype, 'votesOf');
    const page = await get(alice, '/api/works?pageSize=2');
    expect((page.json() as Envelope).works.map((listed) => [listed.id, listed.userRating])).toEqual([
      [100001, null],
      [100002, null],
    ]);
    const unmarked = await work(alice, 100001);
    expect(unmarked.userRating).toBeNull();
    expect(unmarked.tags.map((tag) => tag.myVote)).toEqual([0]);
    expect(fields).not.toHaveBeenCalled();
    expect(votes).not.toHaveBeenCalled();
    // The work they rated and voted on still shows both, asked for it alone.
    const marked = await work(alice, 100003);
    expect(marked.userRating).toBe(4);
    expect(marked.tags.map((tag) => tag.myVote)).toEqual([1]);
    expect(fields).toHaveBeenCalledTimes(1);
    expect(votes).toHaveBeenCalledTimes(1);
    const all = await get(alice, '/api/works');
    expect((all.json() as Envelope).works.map((listed) => listed.userRating)).toEqual([null, null, 4]);
  });

  it("shows a rating another process saved within a second, and this process's own at once", async () => {
    const user = await server.ctx.database.db
      .selectFrom('users')
      .select('id')
      .where('name', '=', 'alice01')
      .executeTakeFirstOrThrow();
    expect((await work(alice, 100002)).userRating).toBeNull();
    // Written straight into the database, as another server process would.
    await server.ctx.database.db
      .insertInto('reviews')
      .values({
        user_id: user.id,
        work_id: 100002,
        rating: 2,
        review_text: null,
        progress: null,
        updated_at: new Date().toISOString(),
      })
      .execute();
    const deadline = Date.now() + 1_500;
    while ((await work(alice, 100002)).userRating === null && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await work(alice, 100002)).userRating).toBe(2);
    const rated = await server.app.inject({
      method: 'PUT',
      url: '/api/review',
      headers: alice,
      payload: { work_id: 100001, rating: 5 },
    });
    expect(rated.statusCode, rated.body).toBe(200);
    expect((await work(alice, 100001)).userRating).toBe(5);
  });

  it('looks a new token up once for the requests that arrive together', async () => {
    const token = bearer(await login(server, 'alice01', 'password1'));
    server.ctx.accounts.forgetSessions();
    const lookups = vi.spyOn(UserRepository.prototype, 'findById');
    const answers = await Promise.all(Array.from({ length: 16 }, () => get(token, '/api/works')));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(16).fill(200));
    expect(lookups).toHaveBeenCalledTimes(1);
  });

  it('does not verify the token a login has just signed', async () => {
    const verify = vi.spyOn(TokenService.prototype, 'verify');
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/me',
      payload: { name: 'alice01', password: 'password1' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user).toMatchObject({ name: 'alice01', group: 'user', loggedIn: true });
    expect(response.json().user.recommenderUuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5/);
    expect(verify).not.toHaveBeenCalled();
  });
});
