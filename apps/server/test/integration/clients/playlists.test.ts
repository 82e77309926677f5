import type { Playlist, PlaylistsEnvelope, PlaylistWorksEnvelope } from '@sasayaki/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS_ON, bearer, login, register } from '../../helpers/accounts.js';
import { insertWorks } from '../../helpers/catalogue-factory.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../../helpers/test-context.js';

/** `/api/playlist/…` with the requests asmr.one's apps send (reference section 7), quirks included. */
describe.each(DATABASE_KINDS)('playlists on %s', (kind) => {
  let server: TestServer;
  let alice: Record<string, string>;
  let bob: Record<string, string>;
  let guest: Record<string, string>;
  const get = (headers: Record<string, string>, url: string) =>
    server.app.inject({ method: 'GET', url: `/api/playlist/${url}`, headers });
  const post = (headers: Record<string, string>, url: string, payload: object) =>
    server.app.inject({ method: 'POST', url: `/api/playlist/${url}`, headers, payload });
  const create = async (headers: Record<string, string>, payload: object): Promise<Playlist> => {
    const response = await post(headers, 'create-playlist', payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    server = await startTestServer(kind, { ...ACCOUNTS_ON, SASAYAKI_GUEST: 'true' });
    await insertWorks(server.ctx.database.db, [
      { id: 100001, title: 'First' },
      { id: 100002, title: 'Second' },
      { id: 1087228, title: 'Eight digits' },
      { id: 100004, title: 'Gone', missing: true },
    ]);
    alice = bearer(await register(server, 'alice01'));
    bob = bearer(await register(server, 'bob0001'));
    guest = bearer(await login(server, 'guest', 'guest'));
  });
  afterAll(async () => {
    await server?.close();
  });

  it('gives every member the two system playlists, marked first, paged with page and currentPage', async () => {
    const response = await get(alice, 'get-playlists?page=1&pageSize=12&filterBy=all');
    expect(response.statusCode).toBe(200);
    const body: PlaylistsEnvelope = response.json();
    expect(body.playlists.map((playlist) => playlist.name)).toEqual([
      '__SYS_PLAYLIST_MARKED',
      '__SYS_PLAYLIST_LIKED',
    ]);
    expect(body.pagination).toEqual({ page: 1, currentPage: 1, pageSize: 12, totalCount: 2 });
    expect(body.playlists[0]).toMatchObject({
      user_name: 'alice01',
      privacy: 0,
      works_count: 0,
      playback_count: 0,
      description: '',
      latestWorkID: null,
      mainCoverUrl: '',
    });
    const mark = await get(alice, 'get-default-mark-target-playlist');
    expect(mark.json()).toMatchObject({ id: body.playlists[0]?.id, name: '__SYS_PLAYLIST_MARKED' });
  });

  it('creates with works given as codes and numbers; the cover is the latest work’s', async () => {
    const playlist = await create(alice, {
      name: 'Rain',
      privacy: 0,
      locale: 'zh-CN',
      description: 'for nights',
      works: ['RJ01087228', 100001],
    });
    expect(playlist).toMatchObject({
      name: 'Rain',
      locale: 'zh-CN',
      description: 'for nights',
      works_count: 2,
      latestWorkID: 100001,
      mainCoverUrl: '/api/cover/100001.jpg?type=main',
    });
    expect(playlist.id).toMatch(/^[0-9a-f-]{36}$/);
    const metadata = await get(alice, `get-playlist-metadata?id=${playlist.id}`);
    expect(metadata.json()).toMatchObject({ id: playlist.id, works: null, works_count: 2 });
  });

  it('adds a work once however often it is sent, in the order given, and lists only present works', async () => {
    const playlist = await create(alice, { name: 'Twice', privacy: 2 });
    const add = await post(alice, 'add-works-to-playlist', { id: playlist.id, works: ['100002', 100002] });
    expect(add.statusCode, add.body).toBe(200);
    await post(alice, 'add-works-to-playlist', { id: playlist.id, works: [100002, 100001, 100004] });
    const works: PlaylistWorksEnvelope = (
      await get(alice, `get-playlist-works?id=${playlist.id}&page=1&pageSize=12`)
    ).json();
    expect(works.works.map((work) => work.id)).toEqual([100002, 100001]);
    expect(works.pagination).toEqual({ page: 1, currentPage: 1, pageSize: 12, totalCount: 2 });
    const metadata: Playlist = (await get(alice, `get-playlist-metadata?id=${playlist.id}`)).json();
    expect(metadata).toMatchObject({ works_count: 3, latestWorkID: 100004 });

    await post(alice, 'remove-works-from-playlist', { id: playlist.id, works: [100004] });
    const after: Playlist = (await get(alice, `get-playlist-metadata?id=${playlist.id}`)).json();
    expect(after).toMatchObject({ works_count: 2, latestWorkID: 100001 });
  });

  it('moves a work after another, or first', async () => {
    const playlist = await create(alice, { name: 'Order', works: [100001, 100002, 1087228] });
    const order = async () =>
      ((await get(alice, `get-playlist-works?id=${playlist.id}`)).json() as PlaylistWorksEnvelope).works.map(
        (work) => work.id,
      );
    expect((await post(alice, 'move-work', { id: playlist.id, work: 1087228, after: null })).statusCode).toBe(
      200,
    );
    expect(await order()).toEqual([1087228, 100001, 100002]);
    await post(alice, 'move-work', { id: playlist.id, work: 1087228, after: 100002 });
    expect(await order()).toEqual([100001, 100002, 1087228]);
    await post(alice, 'move-work', { id: playlist.id, work: 100002, after: 100001 });
    expect(await order()).toEqual([100001, 100002, 1087228]);
    const missing = await post(alice, 'move-work', { id: playlist.id, work: 100004, after: null });
    expect(missing.statusCode).toBe(404);
  });

  it('says which of my playlists hold a work, however the app names it', async () => {
    const playlist = await create(alice, { name: 'Status', works: [100002] });
    for (const query of ['workID=100002&version=2', 'workId=100002', 'id=RJ100002&page=1&pageSize=50']) {
      const response = await get(alice, `get-work-exist-status-in-my-playlists?${query}`);
      expect(response.statusCode, query).toBe(200);
      const body: PlaylistsEnvelope = response.json();
      expect(body.playlists.find((item) => item.id === playlist.id)?.exist).toBe(true);
      expect(body.playlists.find((item) => item.name === '__SYS_PLAYLIST_MARKED')?.exist).toBe(false);
    }
    expect((await get(alice, 'get-work-exist-status-in-my-playlists')).statusCode).toBe(400);
  });

  it("answers 404 for another's private playlist and for unknown ids, 403 to change a visible one", async () => {
    const secret = await create(alice, { name: 'Secret', privacy: 0, works: [100001] });
    const open = await create(alice, { name: 'Open', privacy: 1, works: [100001] });
    expect((await get(bob, `get-playlist-metadata?id=${secret.id}`)).statusCode).toBe(404);
    expect((await get(bob, `get-playlist-works?id=${secret.id}`)).statusCode).toBe(404);
    expect((await post(bob, 'add-works-to-playlist', { id: secret.id, works: [100002] })).statusCode).toBe(
      404,
    );
    expect((await get(bob, `get-playlist-metadata?id=${open.id}`)).statusCode).toBe(200);
    for (const [url, payload] of [
      ['add-works-to-playlist', { id: open.id, works: [100002] }],
      ['remove-works-from-playlist', { id: open.id, works: [100001] }],
      ['edit-playlist-metadata', { id: open.id, data: { name: 'Mine now' } }],
      ['delete-playlist', { id: open.id }],
    ] as const) {
      const response = await post(bob, url, payload);
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toHaveProperty('error');
    }
    expect(
      (await get(alice, 'get-playlist-metadata?id=00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    expect((await get(alice, 'get-playlist-metadata?id=not-a-uuid')).statusCode).toBe(404);
    expect((await post(alice, 'delete-playlist', { id: 12345 })).statusCode).toBe(404);
    const unknownWork = await post(alice, 'add-works-to-playlist', { id: open.id, works: [999999] });
    expect(unknownWork.statusCode).toBe(404);
  });

  it('refuses bad privacy, names and descriptions with 400', async () => {
    const playlist = await create(alice, { name: 'Valid' });
    const bad = [
      ['create-playlist', { name: 'x', privacy: 3 }],
      ['create-playlist', { name: 'x', privacy: '2' }],
      ['create-playlist', { name: '   ' }],
      ['create-playlist', { name: 'x'.repeat(101) }],
      ['create-playlist', { name: 'x', description: 'x'.repeat(2001) }],
      ['create-playlist', { name: 'x', works: ['not a work'] }],
      ['edit-playlist-metadata', { id: playlist.id, data: { privacy: -1 } }],
      ['add-works-to-playlist', { id: playlist.id, works: [] }],
    ] as const;
    for (const [url, payload] of bad) {
      const response = await post(alice, url, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toHaveProperty('error');
    }
    const marked: Playlist = (await get(alice, 'get-default-mark-target-playlist')).json();
    expect((await post(alice, 'delete-playlist', { id: marked.id })).statusCode).toBe(400);
    const rename = await post(alice, 'edit-playlist-metadata', { id: marked.id, data: { name: 'Other' } });
    expect(rename.statusCode).toBe(400);
  });

  it('edits the metadata as the apps send it and deletes', async () => {
    const playlist = await create(alice, { name: 'Before' });
    const edited = await post(alice, 'edit-playlist-metadata', {
      id: playlist.id,
      data: { name: 'After', privacy: 2, description: 'now public' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'After', privacy: 2, description: 'now public' });
    const deleted = await post(alice, 'delete-playlist', { id: playlist.id });
    expect(deleted.json()).toEqual({ id: playlist.id, message: 'Playlist deleted' });
    expect((await get(alice, `get-playlist-metadata?id=${playlist.id}`)).statusCode).toBe(404);
  });

  it("likes another's public playlist, lists it under liked and all, and unlikes", async () => {
    const shared = await create(bob, { name: 'Shared', privacy: 2, works: [100002] });
    const listed: PlaylistsEnvelope = (await get(alice, 'get-playlists?filterBy=public')).json();
    expect(listed.playlists.map((playlist) => playlist.id)).toContain(shared.id);
    expect((await get(alice, `get-liked-status?id=${shared.id}`)).json()).toEqual({
      id: shared.id,
      liked: false,
    });
    expect((await post(alice, 'like-playlist', { id: shared.id })).json()).toEqual({
      id: shared.id,
      liked: true,
    });
    await post(alice, 'like-playlist', { id: shared.id });
    expect((await get(alice, `get-liked-status?id=${shared.id}`)).json()).toEqual({
      id: shared.id,
      liked: true,
    });
    const liked: PlaylistsEnvelope = (await get(alice, 'get-playlists?filterBy=liked')).json();
    expect(liked.playlists.map((playlist) => [playlist.id, playlist.likes_count])).toEqual([[shared.id, 1]]);
    const all: PlaylistsEnvelope = (await get(alice, 'get-playlists?pageSize=100')).json();
    expect(all.playlists.at(-1)?.id).toBe(shared.id);
    expect(all.pagination.totalCount).toBe(all.playlists.length);
    const own = await create(alice, { name: 'Own', privacy: 2 });
    expect((await post(alice, 'like-playlist', { id: own.id })).statusCode).toBe(400);
    await post(alice, 'remove-like-playlist', { id: shared.id });
    expect(
      ((await get(alice, 'get-playlists?filterBy=liked')).json() as PlaylistsEnvelope).playlists,
    ).toEqual([]);
  });

  it('counts a play once per listener per half hour', async () => {
    const playlist = await create(bob, { name: 'Played', privacy: 2, works: [100001] });
    expect((await post(alice, 'record-play', { id: playlist.id })).json()).toMatchObject({
      playback_count: 1,
    });
    expect((await post(alice, 'record-play', { id: playlist.id })).json()).toMatchObject({
      playback_count: 1,
    });
    expect((await post(bob, 'record-play', { id: playlist.id })).json()).toMatchObject({ playback_count: 2 });
    await server.ctx.database.db
      .updateTable('playlist_plays')
      .set({ counted_at: new Date(Date.now() - 31 * 60_000).toISOString() })
      .execute();
    expect((await post(alice, 'record-play', { id: playlist.id })).json()).toMatchObject({
      playback_count: 3,
    });
  });

  it('lets the guest read public playlists but own and change none', async () => {
    const shared = await create(bob, { name: 'For guests', privacy: 2, works: [100001] });
    expect((await get(guest, `get-playlist-works?id=${shared.id}`)).statusCode).toBe(200);
    expect(((await get(guest, 'get-playlists')).json() as PlaylistsEnvelope).playlists).toEqual([]);
    expect((await get(guest, 'get-default-mark-target-playlist')).statusCode).toBe(403);
    expect((await post(guest, 'create-playlist', { name: 'No' })).statusCode).toBe(403);
    expect((await post(guest, 'like-playlist', { id: shared.id })).statusCode).toBe(403);
    expect((await get({}, 'get-playlists')).statusCode).toBe(401);
  });

  it('answers withPlaylistStatus lookups only for playlists the user may see', async () => {
    const mine = await create(alice, { name: 'Lookup', privacy: 0, works: [100001] });
    const status = await server.ctx.playlists.statusFor(
      (
        await server.ctx.database.db
          .selectFrom('users')
          .select('id')
          .where('name', '=', 'alice01')
          .executeTakeFirstOrThrow()
      ).id,
      [mine.id, 'unknown'],
      [100001, 100002],
    );
    expect(Object.fromEntries(status)).toEqual({
      100001: { [mine.id]: true, unknown: false },
      100002: { [mine.id]: false, unknown: false },
    });
    const bobsView = await server.ctx.playlists.statusFor(null, [mine.id], [100001]);
    expect(bobsView.get(100001)).toEqual({ [mine.id]: false });
  });
});
