import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS_ON, ADMIN, bearer, login, register } from '../../helpers/accounts.js';
import { insertWorks } from '../../helpers/catalogue-factory.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../../helpers/test-context.js';

/** The Users page and the feedback inbox (issue 15 items 2 and 3; docs/administration.md). */
describe.each(DATABASE_KINDS)('users page and feedback inbox on %s', (kind) => {
  let server: TestServer;
  let admin: Record<string, string>;
  let member: Record<string, string>;
  const inject = (options: InjectOptions) => server.app.inject(options);
  const users = async () =>
    (await inject({ method: 'GET', url: '/api/credentials/users', headers: admin })).json().users as Array<
      Record<string, unknown>
    >;
  const review = (headers: Record<string, string>, workId: number, text: string | null) =>
    inject({
      method: 'PUT',
      url: '/api/review?starOnly=false',
      headers,
      payload: { work_id: workId, rating: 4, review_text: text },
    });
  const reviewsOf = (userId: number) =>
    server.ctx.database.db.selectFrom('reviews').selectAll().where('user_id', '=', userId).execute();
  const idOf = async (name: string) =>
    (
      await server.ctx.database.db
        .selectFrom('users')
        .select('id')
        .where('name', '=', name)
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    server = await startTestServer(kind, ACCOUNTS_ON);
    const files = [{ path: 'disc/01 rain.wav', type: 'audio', duration: 300 }];
    await insertWorks(server.ctx.database.db, [
      { id: 300001, title: 'Rain', files },
      { id: 300002, title: 'Tea', files },
    ]);
    admin = bearer(await login(server, ADMIN.name, ADMIN.password));
    member = bearer(await register(server, 'member1'));
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('users', () => {
    it('lists the last login and the counts of ratings and reviews', async () => {
      const writer = bearer(await register(server, 'writer1'));
      await review(writer, 300001, 'Soft rain.');
      await review(writer, 300002, null);
      const before = (await users()).find((user) => user.name === 'writer1');
      expect(before).toMatchObject({ group: 'user', ratings: 2, reviews: 1, last_login_at: null });
      await login(server, 'writer1', 'password1');
      const after = (await users()).find((user) => user.name === 'writer1');
      expect(after?.last_login_at).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect((await users()).find((user) => user.name === 'member1')).toMatchObject({
        ratings: 0,
        reviews: 0,
      });
    });

    it('resets a password to a generated one that logs in, and the old sessions end', async () => {
      const token = bearer(await register(server, 'forgetful'));
      const reset = await inject({
        method: 'POST',
        url: '/api/credentials/user/password-reset',
        headers: admin,
        payload: { name: 'forgetful' },
      });
      expect(reset.statusCode).toBe(200);
      expect(reset.headers['cache-control']).toMatch(/no-store/);
      const { password } = reset.json();
      expect(password).toMatch(/^[\w-]{16}$/);
      expect((await inject({ method: 'GET', url: '/api/auth/me', headers: token })).statusCode).toBe(401);
      expect(await login(server, 'forgetful', password)).toBeTruthy();
      const missing = await inject({
        method: 'POST',
        url: '/api/credentials/user/password-reset',
        headers: admin,
        payload: { name: 'nobody-here' },
      });
      expect(missing.statusCode).toBe(404);
    });

    it('signs a user out of every device, and the password still works', async () => {
      const phone = bearer(await register(server, 'twodevice'));
      const laptop = bearer(await login(server, 'twodevice', 'password1'));
      const signOut = await inject({
        method: 'POST',
        url: '/api/credentials/user/sign-out',
        headers: admin,
        payload: { name: 'twodevice' },
      });
      expect(signOut.statusCode).toBe(200);
      for (const device of [phone, laptop]) {
        expect((await inject({ method: 'GET', url: '/api/auth/me', headers: device })).statusCode).toBe(401);
      }
      const again = bearer(await login(server, 'twodevice', 'password1'));
      expect((await inject({ method: 'GET', url: '/api/auth/me', headers: again })).statusCode).toBe(200);
    });

    it('deletes a user with their reviews, or keeps them anonymised', async () => {
      const gone = bearer(await register(server, 'goneuser'));
      const kept = bearer(await register(server, 'keptuser'));
      await review(gone, 300001, 'Gone with the rain.');
      await review(kept, 300001, 'Kept.');
      const goneId = await idOf('goneuser');
      const keptId = await idOf('keptuser');
      const remove = (name: string, reviews?: string) =>
        inject({
          method: 'DELETE',
          url: '/api/credentials/user',
          headers: admin,
          payload: { users: [{ name }], ...(reviews ? { reviews } : {}) },
        });
      expect((await remove('goneuser')).statusCode).toBe(200);
      expect(await reviewsOf(goneId)).toEqual([]);
      expect((await remove('keptuser', 'anonymise')).statusCode).toBe(200);
      expect(await reviewsOf(keptId)).toMatchObject([{ work_id: 300001, review_text: 'Kept.' }]);
      // The anonymised account is nobody: not listed, no session, no login, its name free of look-alikes.
      expect((await users()).map((user) => user.name)).not.toContain('keptuser');
      expect(JSON.stringify(await users())).not.toMatch(/deleted user/);
      expect((await inject({ method: 'GET', url: '/api/auth/me', headers: kept })).statusCode).toBe(401);
      const relogin = await inject({
        method: 'POST',
        url: '/api/auth/me',
        payload: { name: 'keptuser', password: 'password1' },
      });
      expect(relogin.statusCode).toBe(401);
      expect(await register(server, 'keptuser')).toBeTruthy();
      expect((await remove('nobody', 'anonymise')).statusCode).toBe(404);
      expect((await remove('member1', 'forget')).statusCode).toBe(400);
    });

    it('never leaves the installation without an administrator, the caller included', async () => {
      const self = await inject({
        method: 'DELETE',
        url: '/api/credentials/user',
        headers: admin,
        payload: { users: [{ name: ADMIN.name }], reviews: 'anonymise' },
      });
      expect(self.statusCode).toBe(409);
      expect(self.json().error).toMatch(/last administrator/);
      const demote = await inject({
        method: 'PUT',
        url: '/api/credentials/user',
        headers: admin,
        payload: { name: ADMIN.name, group: 'user' },
      });
      expect(demote.statusCode).toBe(409);
    });
  });

  describe('feedback inbox', () => {
    const send = (payload: Record<string, unknown>) =>
      inject({ method: 'POST', url: '/api/feedback', headers: member, payload });
    const inbox = async (query = '') =>
      (await inject({ method: 'GET', url: `/api/admin/feedback${query}`, headers: admin })).json();
    const openCount = async () =>
      (await inject({ method: 'GET', url: '/api/admin/feedback/open-count', headers: admin })).json().open;

    it('lists newest first with the work and the file, filters, and counts the open items', async () => {
      expect(
        (await send({ work_id: 300001, file_id: 0, category: 'cantPlay', details: 'Silent' })).statusCode,
      ).toBe(201);
      expect((await send({ work_id: 300002, category: 'other', details: 'Typo' })).statusCode).toBe(201);
      expect((await send({ work_id: 300001, file_id: 7, category: 'other', details: 'x' })).statusCode).toBe(
        404,
      );
      const all = await inbox();
      expect(all.feedback.map((item: { details: string }) => item.details)).toEqual(['Typo', 'Silent']);
      expect(all.feedback[1]).toMatchObject({
        work_title: 'Rain',
        file_id: 0,
        file_path: 'disc/01 rain.wav',
      });
      expect(all.feedback[0]).toMatchObject({ work_title: 'Tea', file_id: null, file_path: null });
      expect((await inbox('?category=cantPlay')).feedback).toHaveLength(1);
      expect((await inbox('?work_id=300002')).pagination.totalCount).toBe(1);
      expect(await openCount()).toBe(2);

      const id = all.feedback[1].id;
      await inject({
        method: 'PUT',
        url: `/api/admin/feedback/${id}`,
        headers: admin,
        payload: { resolved: true },
      });
      expect(await openCount()).toBe(1);
      expect((await inbox('?state=resolved')).feedback.map((item: { id: number }) => item.id)).toEqual([id]);
      expect((await inbox('?state=open&category=cantPlay')).feedback).toEqual([]);
      await inject({
        method: 'PUT',
        url: `/api/admin/feedback/${id}`,
        headers: admin,
        payload: { resolved: false },
      });
      expect(await openCount()).toBe(2);
    });

    it.each(['?state=closed', '?category=bogus', '?work_id=abc', '?work_id=-1', '?page=0'])(
      'refuses the filter %s with 400',
      async (query) => {
        const response = await inject({ method: 'GET', url: `/api/admin/feedback${query}`, headers: admin });
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toBeTruthy();
      },
    );
  });

  describe('permissions', () => {
    it.each([
      ['GET', '/api/credentials/users', undefined],
      ['POST', '/api/credentials/user/password-reset', { name: 'member1' }],
      ['POST', '/api/credentials/user/sign-out', { name: 'member1' }],
      ['DELETE', '/api/credentials/user', { users: [{ name: 'member1' }], reviews: 'anonymise' }],
      ['GET', '/api/admin/feedback', undefined],
      ['GET', '/api/admin/feedback/open-count', undefined],
    ] as const)('%s %s: 403 for a member, 401 without a token', async (method, url, payload) => {
      expect((await inject({ method, url, headers: member, payload })).statusCode).toBe(403);
      expect((await inject({ method, url, payload })).statusCode).toBe(401);
    });

    it.each([
      ['/api/credentials/user/password-reset', {}],
      ['/api/credentials/user/password-reset', { name: '' }],
      ['/api/credentials/user/sign-out', { name: 'x'.repeat(65) }],
    ])('POST %s refuses %j with 400', async (url, payload) => {
      expect((await inject({ method: 'POST', url, headers: admin, payload })).statusCode).toBe(400);
    });
  });
});
