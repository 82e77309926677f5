import type { Envelope, Work } from '@sasayaki/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS_ON, bearer, login, register } from '../../helpers/accounts.js';
import { insertWorks } from '../../helpers/catalogue-factory.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../../helpers/test-context.js';

/**
 * Tag votes as asmr.one's apps send them (reference section 8): `POST /api/vote/vote-work-tag
 * { workID, tagID, status }` and `POST /api/vote/attach-tags-to-work { workID, tagIDs }`, the counts on
 * every work's tags, the member's own vote on the work's page, and tags voted out of sight.
 */
describe.each(DATABASE_KINDS)('tag votes on %s', (kind) => {
  let server: TestServer;
  let alice: Record<string, string>;
  let bob: Record<string, string>;
  let carol: Record<string, string>;
  let guest: Record<string, string>;
  const vote = (headers: Record<string, string>, payload: object) =>
    server.app.inject({ method: 'POST', url: '/api/vote/vote-work-tag', headers, payload });
  const attach = (headers: Record<string, string>, payload: object) =>
    server.app.inject({ method: 'POST', url: '/api/vote/attach-tags-to-work', headers, payload });
  const work = async (headers: Record<string, string>, id = 100001): Promise<Work> => {
    const response = await server.app.inject({ method: 'GET', url: `/api/work/${id}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const listed = async (headers: Record<string, string>): Promise<Work> => {
    const response = await server.app.inject({ method: 'GET', url: '/api/works?pageSize=100', headers });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as Envelope).works.find((candidate) => candidate.id === 100001) as Work;
  };
  const tagOf = (subject: Work, id: number) => subject.tags.find((tag) => tag.id === id);

  beforeAll(async () => {
    server = await startTestServer(kind, { ...ACCOUNTS_ON, SASAYAKI_GUEST: 'true' });
    await insertWorks(server.ctx.database.db, [
      {
        id: 100001,
        title: 'Voted',
        tags: [
          { id: 1, name: 'ASMR' },
          { id: 2, name: 'Healing' },
          { id: 3, name: 'Misfit' },
        ],
      },
      { id: 100002, title: 'Other', tags: [{ id: 9, name: 'Ear cleaning' }] },
      { id: 100003, title: 'Gone', tags: [{ id: 1, name: 'ASMR' }], missing: true },
    ]);
    alice = bearer(await register(server, 'alice01'));
    bob = bearer(await register(server, 'bob0001'));
    carol = bearer(await register(server, 'carol01'));
    guest = bearer(await login(server, 'guest', 'guest'));
  });
  afterAll(async () => {
    await server?.close();
  });

  it('gives every tag its counts, and the member their own vote on the work page', async () => {
    expect(tagOf(await work(alice), 1)).toEqual({
      id: 1,
      name: 'ASMR',
      i18n: {},
      upvote: 0,
      downvote: 0,
      myVote: 0,
    });
    // Lists carry the counts, not anyone's own vote.
    expect(tagOf(await listed(alice), 1)).toEqual({ id: 1, name: 'ASMR', i18n: {}, upvote: 0, downvote: 0 });
    expect(tagOf(await work(guest), 1)).not.toHaveProperty('myVote');
  });

  it('counts up and down votes, changes and clears a vote, and shows it at once', async () => {
    const up = await vote(alice, { workID: 100001, tagID: 1, status: 1 });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toEqual({ workID: 100001, tagID: 1, upvote: 1, downvote: 0, myVote: 1 });
    expect((await vote(bob, { workID: 100001, tagID: 1, status: 2 })).json()).toEqual({
      workID: 100001,
      tagID: 1,
      upvote: 1,
      downvote: 1,
      myVote: 2,
    });
    // Voting again replaces the vote; status 0 clears it.
    expect((await vote(alice, { workID: 100001, tagID: 1, status: 2 })).json()).toMatchObject({
      upvote: 0,
      downvote: 2,
      myVote: 2,
    });
    expect((await vote(alice, { workID: 100001, tagID: 1, status: 0 })).json()).toMatchObject({
      upvote: 0,
      downvote: 1,
      myVote: 0,
    });
    await vote(carol, { workID: 'RJ100001', tagID: 1, status: 1 });
    expect(tagOf(await work(bob), 1)).toMatchObject({ upvote: 1, downvote: 1, myVote: 2 });
    expect(tagOf(await work(carol), 1)).toMatchObject({ upvote: 1, downvote: 1, myVote: 1 });
    expect(tagOf(await listed(guest), 1)).toMatchObject({ upvote: 1, downvote: 1 });
  });

  it('hides a tag voted down by two more members than voted it up, everywhere but its label page', async () => {
    await vote(alice, { workID: 100001, tagID: 3, status: 2 });
    expect(tagOf(await work(alice), 3)).toMatchObject({ upvote: 0, downvote: 1 });
    await vote(bob, { workID: 100001, tagID: 3, status: 2 });
    expect(tagOf(await work(alice), 3)).toBeUndefined();
    expect(tagOf(await listed(alice), 3)).toBeUndefined();
    const labelPage = await server.app.inject({ method: 'GET', url: '/api/tags/3/works', headers: alice });
    expect((labelPage.json() as Envelope).works.map((shown) => shown.id)).toEqual([100001]);
    // Still on the work: it can be voted back into sight.
    expect((await vote(carol, { workID: 100001, tagID: 3, status: 1 })).statusCode).toBe(200);
    expect(tagOf(await work(carol), 3)).toMatchObject({ upvote: 1, downvote: 2, myVote: 1 });
  });

  it('attaches existing tags once, with the member’s up vote, and keeps them through a metadata merge', async () => {
    const attached = await attach(alice, { workID: 100001, tagIDs: [9, 9, 2] });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json()).toEqual({
      workID: 100001,
      tags: [
        { workID: 100001, tagID: 9, upvote: 1, downvote: 0, myVote: 1 },
        { workID: 100001, tagID: 2, upvote: 1, downvote: 0, myVote: 1 },
      ],
    });
    expect((await attach(bob, { workID: 'RJ100001', tagIDs: [9] })).json().tags[0]).toMatchObject({
      upvote: 2,
      myVote: 1,
    });
    const shown = await work(alice);
    expect(shown.tags.map((tag) => tag.id).sort()).toEqual([1, 2, 3, 9]);
    expect(tagOf(shown, 9)).toMatchObject({ name: 'Ear cleaning', upvote: 2, downvote: 0, myVote: 1 });
    // A merge rewrites the providers' tags (here: none are stored); the attached one stays.
    await server.ctx.metadata.remergeWork(100001);
    expect(tagOf(await work(alice), 9)).toMatchObject({ upvote: 2 });
  });

  it('answers 404 for an unknown or missing work, an unknown tag, or a tag the work does not carry', async () => {
    const notFound = [
      { workID: 999999, tagID: 1, status: 1 },
      { workID: 100003, tagID: 1, status: 1 },
      { workID: 100001, tagID: 777, status: 1 },
      { workID: 100002, tagID: 1, status: 1 },
    ];
    for (const payload of notFound) {
      const response = await vote(alice, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(404);
      expect(response.json()).toEqual({ error: expect.any(String) });
    }
    const unknownTag = await attach(alice, { workID: 100002, tagIDs: [1, 777] });
    expect(unknownTag.statusCode).toBe(404);
    expect((await work(alice, 100002)).tags.map((tag) => tag.id)).toEqual([9]);
    expect((await attach(alice, { workID: 100003, tagIDs: [1] })).statusCode).toBe(404);
  });

  it('answers 400 for a bad vote or a bad body', async () => {
    const bad = [
      { workID: 100001, tagID: 1, status: 3 },
      { workID: 100001, tagID: 1, status: -1 },
      { workID: 100001, tagID: 1, status: '1' },
      { workID: 100001, tagID: 1 },
      { workID: 100001, tagID: 0, status: 1 },
      { workID: 'not-a-code', tagID: 1, status: 1 },
    ];
    for (const payload of bad) {
      const response = await vote(alice, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ error: expect.any(String), errors: expect.any(Array) });
    }
    expect((await attach(alice, { workID: 100001, tagIDs: [] })).statusCode).toBe(400);
    expect(
      (await attach(alice, { workID: 100001, tagIDs: Array.from({ length: 51 }, (_, i) => i + 1) }))
        .statusCode,
    ).toBe(400);
  });

  it('lets members only vote: the guest is 403, no token is 401', async () => {
    const payload = { workID: 100001, tagID: 2, status: 1 };
    expect((await vote(guest, payload)).statusCode).toBe(403);
    expect((await attach(guest, { workID: 100001, tagIDs: [2] })).statusCode).toBe(403);
    expect((await vote({}, payload)).statusCode).toBe(401);
    expect((await attach({}, { workID: 100001, tagIDs: [2] })).statusCode).toBe(401);
    expect(tagOf(await work(alice), 2)).toMatchObject({ upvote: 1 });
  });
});
