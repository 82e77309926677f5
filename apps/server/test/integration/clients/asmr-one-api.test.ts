import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS_ON, bearer, login } from '../../helpers/accounts.js';
import { insertWorks } from '../../helpers/catalogue-factory.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../../helpers/test-context.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The asmr.one API surface today's apps call (reference sections 2, 3 and 5), as they send it. */
describe.each(DATABASE_KINDS)("asmr.one apps' accounts, lists and trees on %s", (kind) => {
  let server: TestServer;
  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token?: string) =>
    server.app.inject({ method, url, ...(payload && { payload }), headers: token ? bearer(token) : {} });

  beforeAll(async () => {
    server = await startTestServer(kind, ACCOUNTS_ON);
    await insertWorks(
      server.ctx.database.db,
      Array.from({ length: 30 }, (_, i) => ({
        id: 300_001 + i,
        title: `Work ${i}`,
        has_subtitle: i % 2 === 0,
        files: [{ path: `Disc/${i}.mp3`, type: 'audio', duration: 60 }],
      })),
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  it('registration and login answer the user object the apps read', async () => {
    const reg = await inject('POST', '/api/auth/reg', { name: 'kikoflu', password: 'password1' });
    expect(reg.statusCode).toBe(201);
    const user = reg.json().user;
    expect(user).toMatchObject({ loggedIn: true, name: 'kikoflu', group: 'user', email: null });
    expect(user.recommenderUuid).toMatch(UUID);
    const again = await inject('POST', '/api/auth/me', { name: 'kikoflu', password: 'password1' });
    expect(again.statusCode).toBe(200);
    expect(again.json().user).toEqual(user);
  });

  it('POST /api/auth/change-password takes both spellings, refuses a wrong old password and the guest', async () => {
    await inject('POST', '/api/auth/reg', { name: 'tsukiyo', password: 'password1' });
    const token = await login(server, 'tsukiyo', 'password1');
    const wrong = await inject(
      'POST',
      '/api/auth/change-password',
      { oldPassword: 'nope-nope', newPassword: 'password2' },
      token,
    );
    expect(wrong.statusCode).toBe(403);
    const changed = await inject(
      'POST',
      '/api/auth/change-password',
      { old_password: 'password1', new_password: 'password2' },
      token,
    );
    expect(changed.statusCode).toBe(200);
    expect(typeof changed.json().token).toBe('string');
    expect((await inject('GET', '/api/auth/me', undefined, token)).statusCode).toBe(401);
    const next = await login(server, 'tsukiyo', 'password2');
    const camel = await inject(
      'POST',
      '/api/auth/change-password',
      { oldPassword: 'password2', newPassword: 'password3' },
      next,
    );
    expect(camel.statusCode).toBe(200);
    const missing = await inject(
      'POST',
      '/api/auth/change-password',
      { oldPassword: 'password3' },
      camel.json().token,
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toHaveProperty('error');
    const guest = await login(server, 'guest', 'guest');
    const refused = await inject(
      'POST',
      '/api/auth/change-password',
      { oldPassword: 'guest', newPassword: 'guest2' },
      guest,
    );
    expect(refused.statusCode).toBe(403);
  });

  it('lists take pageSize, the integer subtitle and withPlaylistStatus[], as query or as a POST body', async () => {
    const token = await login(server, 'guest', 'guest');
    const query = await inject(
      'GET',
      '/api/works?order=create_date&sort=desc&page=1&pageSize=20&subtitle=1&includeTranslationWorks=true&withPlaylistStatus[]=a&withPlaylistStatus[]=b',
      undefined,
      token,
    );
    expect(query.statusCode).toBe(200);
    expect(query.json().pagination).toEqual({ currentPage: 1, pageSize: 20, totalCount: 15 });
    const body = {
      keyword: ' ',
      page: 1,
      pageSize: 20,
      order: 'create_date',
      sort: 'desc',
      subtitle: 1,
      includeTranslationWorks: true,
      localSubtitledWorks: [],
      withPlaylistStatus: ['a', 'b'],
    };
    const posted = await inject('POST', '/api/works', body, token);
    expect(posted.statusCode).toBe(200);
    expect(posted.json()).toEqual(query.json());
    const search = await inject('POST', '/api/search', { ...body, keyword: 'Work', subtitle: 0 }, token);
    expect(search.statusCode).toBe(200);
    expect(search.json().pagination).toEqual({ currentPage: 1, pageSize: 20, totalCount: 30 });
    for (const bad of [
      { pageSize: 101 },
      { pageSize: 0 },
      { subtitle: '1' },
      { subtitle: 2 },
      { page: 'x' },
    ]) {
      const refused = await inject('POST', '/api/works', { ...body, ...bad }, token);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect(refused.json()).toHaveProperty('errors');
    }
    expect((await inject('GET', '/api/works?pageSize=101', undefined, token)).statusCode).toBe(400);
    expect((await inject('GET', '/api/works?subtitle=yes', undefined, token)).statusCode).toBe(400);
  });

  it('GET /api/tracks/:id?v=1|2 gives each file node its work; GET /api/work/:id?v=2 the work', async () => {
    const token = await login(server, 'guest', 'guest');
    for (const v of ['1', '2']) {
      const response = await inject('GET', `/api/tracks/300001?v=${v}`, undefined, token);
      expect(response.statusCode).toBe(200);
      const [folder] = response.json();
      expect(folder.children[0]).toMatchObject({
        hash: '300001/0',
        work: { id: 300_001, source_id: 'RJ300001', source_type: 'DLSITE' },
      });
    }
    expect((await inject('GET', '/api/work/300001?v=2', undefined, token)).json()).toMatchObject({
      id: 300_001,
    });
    expect((await inject('GET', '/api/tracks/300001?v=3', undefined, token)).statusCode).toBe(400);
  });
});
