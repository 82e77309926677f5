import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS_ON, ADMIN, bearer, login, register } from '../../helpers/accounts.js';
import { insertWorks } from '../../helpers/catalogue-factory.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../../helpers/test-context.js';

describe.each(DATABASE_KINDS)('resume positions, feedback and administration on %s', (kind) => {
  let server: TestServer;
  let user: Record<string, string>;
  let admin: Record<string, string>;
  const inject = (options: InjectOptions) => server.app.inject(options);

  beforeAll(async () => {
    server = await startTestServer(kind, ACCOUNTS_ON);
    const files = [
      { path: '01.wav', type: 'audio', duration: 300 },
      { path: '02.wav', type: 'audio', duration: 400 },
    ];
    await insertWorks(server.ctx.database.db, [
      { id: 200001, title: 'Resume me', files },
      { id: 200002, title: 'And me', files },
    ]);
    user = bearer(await register(server, 'listener'));
    admin = bearer(await login(server, ADMIN.name, ADMIN.password));
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('playback', () => {
    it('stores positions per file and the last played file', async () => {
      for (const [fileId, position] of [
        [0, 120.5],
        [1, 33],
        [1, 61.25],
      ] as const) {
        const response = await inject({
          method: 'PUT',
          url: '/api/playback/RJ200001',
          headers: user,
          payload: { fileId, position, duration: 400 },
        });
        expect(response.statusCode).toBe(204);
      }
      const state = (await inject({ method: 'GET', url: '/api/playback/200001', headers: user })).json();
      expect(state.lastFileId).toBe(1);
      expect(state.files['0']).toMatchObject({ position: 120.5, duration: 400 });
      expect(state.files['1']).toMatchObject({ position: 61.25 });
      expect(state.files['1'].updatedAt).toMatch(/T/);
    });

    it('keeps positions to the millisecond, so a vanishingly small one is 0, not a database error', async () => {
      // 5e-324 and 1e-40 do not fit PostgreSQL's `real` (underflow): they were a 500 there (fuzz suite).
      for (const tiny of [5e-324, 1e-40]) {
        const response = await inject({
          method: 'PUT',
          url: '/api/playback/RJ200002',
          headers: user,
          payload: { fileId: 1, position: tiny, duration: tiny },
        });
        expect(response.statusCode, response.body).toBe(204);
      }
      await inject({
        method: 'PUT',
        url: '/api/playback/RJ200002',
        headers: user,
        payload: { fileId: 0, position: 12.3456789, duration: 400.0004 },
      });
      const state = (await inject({ method: 'GET', url: '/api/playback/200002', headers: user })).json();
      expect(state.files['1']).toMatchObject({ position: 0, duration: 0 });
      expect(state.files['0']).toMatchObject({ position: 12.346, duration: 400 });
      await inject({ method: 'DELETE', url: '/api/playback/200002', headers: user });
    });

    it('keeps each user to their own positions', async () => {
      const other = bearer(await register(server, 'otherone'));
      expect((await inject({ method: 'GET', url: '/api/playback/200001', headers: other })).json()).toEqual({
        lastFileId: null,
        files: {},
      });
    });

    it('lists history newest first with the last position', async () => {
      await inject({
        method: 'PUT',
        url: '/api/playback/200002',
        headers: user,
        payload: { fileId: 0, position: 5 },
      });
      const history = (await inject({ method: 'GET', url: '/api/playback', headers: user })).json();
      expect(history.pagination.totalCount).toBe(2);
      expect(history.works.map((work: { id: number }) => work.id)).toEqual([200002, 200001]);
      expect(history.works[1]).toMatchObject({
        lastFileId: 1,
        lastFileTitle: '02.wav',
        lastPosition: 61.25,
        title: 'Resume me',
      });
    });

    it('forgets a work', async () => {
      expect(
        (await inject({ method: 'DELETE', url: '/api/playback/200002', headers: user })).statusCode,
      ).toBe(204);
      const history = (await inject({ method: 'GET', url: '/api/playback', headers: user })).json();
      expect(history.works.map((work: { id: number }) => work.id)).toEqual([200001]);
    });

    it.each([
      [{ fileId: 9, position: 1 }, 404],
      [{ fileId: -1, position: 1 }, 400],
      [{ fileId: 0, position: -5 }, 400],
      [{ fileId: 0 }, 400],
      [{ fileId: '0', position: 1 }, 400],
    ])('refuses %j with %i', async (payload, status) => {
      expect(
        (await inject({ method: 'PUT', url: '/api/playback/200001', headers: user, payload })).statusCode,
      ).toBe(status);
    });

    it('answers 404 for unknown works and refuses the guest', async () => {
      expect((await inject({ method: 'GET', url: '/api/playback/999999', headers: user })).statusCode).toBe(
        404,
      );
      const guest = bearer(await login(server, 'guest', 'guest'));
      const response = await inject({
        method: 'PUT',
        url: '/api/playback/200001',
        headers: guest,
        payload: { fileId: 0, position: 1 },
      });
      expect(response.statusCode).toBe(403);
    });
  });

  describe('feedback', () => {
    it('stores feedback and shows it in the inbox, newest first', async () => {
      const sent = await inject({
        method: 'POST',
        url: '/api/feedback',
        headers: user,
        payload: { work_id: 200001, category: 'cantPlay', details: 'Track 2 stops at 1:00' },
      });
      expect(sent.statusCode).toBe(201);
      expect(sent.json()).toEqual({ message: 'Thank you for your feedback' });
      await inject({
        method: 'POST',
        url: '/api/feedback',
        headers: user,
        payload: { work_id: 200002, category: 'other', details: 'x' },
      });
      const inbox = (await inject({ method: 'GET', url: '/api/admin/feedback', headers: admin })).json();
      expect(inbox.pagination.totalCount).toBe(2);
      expect(inbox.feedback[0]).toMatchObject({ work_id: 200002, user_name: 'listener', resolved_at: null });
      const id = inbox.feedback[1].id;
      expect(
        (
          await inject({
            method: 'PUT',
            url: `/api/admin/feedback/${id}`,
            headers: admin,
            payload: { resolved: true },
          })
        ).statusCode,
      ).toBe(200);
      const after = (await inject({ method: 'GET', url: '/api/admin/feedback', headers: admin })).json();
      expect(after.feedback[1].resolved_at).toMatch(/T/);
      expect(
        (
          await inject({
            method: 'PUT',
            url: '/api/admin/feedback/99999',
            headers: admin,
            payload: { resolved: true },
          })
        ).statusCode,
      ).toBe(404);
    });

    it.each([
      [{ work_id: 200001, category: 'bogus', details: 'x' }, 400],
      [{ work_id: 200001, category: 'other', details: '   ' }, 400],
      [{ work_id: 200001, category: 'other', details: 'x'.repeat(5001) }, 400],
      [{ work_id: 200001, details: 'x' }, 400],
      [{ work_id: 999999, category: 'other', details: 'x' }, 404],
    ])('refuses %j with %i', async (payload, status) => {
      expect(
        (await inject({ method: 'POST', url: '/api/feedback', headers: user, payload })).statusCode,
      ).toBe(status);
    });
  });

  describe('user administration', () => {
    it('creates, lists, changes and deletes users', async () => {
      const created = await inject({
        method: 'POST',
        url: '/api/credentials/user',
        headers: admin,
        payload: { name: 'helper1', password: 'helper-pass', group: 'user' },
      });
      expect(created.statusCode).toBe(201);
      expect(
        (
          await inject({
            method: 'POST',
            url: '/api/credentials/user',
            headers: admin,
            payload: { name: 'helper1', password: 'x12345' },
          })
        ).statusCode,
      ).toBe(409);
      const users = (await inject({ method: 'GET', url: '/api/credentials/users', headers: admin })).json()
        .users;
      expect(users.map((u: { name: string }) => u.name)).toEqual(
        expect.arrayContaining(['admin', 'guest', 'helper1']),
      );
      expect(JSON.stringify(users)).not.toMatch(/argon2|password/);
      await inject({
        method: 'PUT',
        url: '/api/credentials/user',
        headers: admin,
        payload: { name: 'helper1', group: 'administrator' },
      });
      await inject({
        method: 'PUT',
        url: '/api/credentials/user',
        headers: admin,
        payload: { name: 'helper1', password: 'new-pass1' },
      });
      const token = await login(server, 'helper1', 'new-pass1');
      expect(
        (await inject({ method: 'GET', url: '/api/credentials/users', headers: bearer(token) })).statusCode,
      ).toBe(200);
      const deleted = await inject({
        method: 'DELETE',
        url: '/api/credentials/user',
        headers: admin,
        payload: { users: [{ name: 'helper1' }] },
      });
      expect(deleted.statusCode).toBe(200);
      expect(
        (
          await inject({
            method: 'PUT',
            url: '/api/credentials/user',
            headers: admin,
            payload: { name: 'helper1', group: 'user' },
          })
        ).statusCode,
      ).toBe(404);
    });

    it('protects the last administrator', async () => {
      const demote = await inject({
        method: 'PUT',
        url: '/api/credentials/user',
        headers: admin,
        payload: { name: 'admin', group: 'user' },
      });
      expect(demote.statusCode).toBe(409);
      const remove = await inject({
        method: 'DELETE',
        url: '/api/credentials/user',
        headers: admin,
        payload: { users: [{ name: 'admin' }] },
      });
      expect(remove.statusCode).toBe(409);
    });

    it('validates bodies', async () => {
      for (const payload of [
        { name: 'abc', password: 'x12345' },
        { name: 'valid1', password: 'x' },
        { name: 'valid1', password: 'x12345', group: 'root' },
      ]) {
        expect(
          (await inject({ method: 'POST', url: '/api/credentials/user', headers: admin, payload }))
            .statusCode,
        ).toBe(400);
      }
      expect(
        (
          await inject({
            method: 'DELETE',
            url: '/api/credentials/user',
            headers: admin,
            payload: { users: [] },
          })
        ).statusCode,
      ).toBe(400);
      expect(
        (
          await inject({
            method: 'PUT',
            url: '/api/config/admin',
            headers: admin,
            payload: { registration: 'yes' },
          })
        ).statusCode,
      ).toBe(400);
      expect(
        (await inject({ method: 'PUT', url: '/api/config/admin', headers: admin, payload: { secret: true } }))
          .statusCode,
      ).toBe(400);
    });

    it('refuses bodies over 64 KiB with 413', async () => {
      const response = await inject({
        method: 'POST',
        url: '/api/feedback',
        headers: { ...user, 'content-type': 'application/json' },
        payload: JSON.stringify({ work_id: 200001, category: 'other', details: 'x'.repeat(70_000) }),
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toHaveProperty('error');
    });
  });
});
