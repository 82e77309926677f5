import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, ACCOUNTS_ON, ADMIN, bearer, login, register } from '../../helpers/accounts.js';
import { insertWorks } from '../../helpers/catalogue-factory.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../../helpers/test-context.js';

describe.each(DATABASE_KINDS)('accounts on %s', (kind) => {
  let server: TestServer;
  const inject = (options: InjectOptions) => server.app.inject(options);

  beforeAll(async () => {
    // Registration open as the installation starts (config.json), so the Settings route may close it.
    server = await startTestServer(kind, ACCOUNTS, { file: { registration: true } });
    await insertWorks(server.ctx.database.db, [{ id: 123456, title: 'A work' }]);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 401 with WWW-Authenticate without a token, and names the groups with one', async () => {
    const anonymous = await inject({ method: 'GET', url: '/api/auth/me' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['www-authenticate']).toBe('Bearer');
    expect((await inject({ method: 'GET', url: '/api/works' })).statusCode).toBe(401);
    const token = await login(server, ADMIN.name, ADMIN.password);
    const me = await inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(me.json()).toEqual({ user: { name: 'admin', group: 'administrator' }, auth: true, reg: true });
    expect((await inject({ method: 'GET', url: '/api/works', headers: bearer(token) })).statusCode).toBe(200);
  });

  it('sets an HttpOnly, SameSite=Lax cookie on login and clears it on logout', async () => {
    const response = await inject({ method: 'POST', url: '/api/auth/me', payload: ADMIN });
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^sasayaki_token=[^;]+; Path=\/api; Max-Age=2592000; HttpOnly; SameSite=Lax$/);
    const logout = await inject({ method: 'DELETE', url: '/api/auth/me' });
    expect(logout.statusCode).toBe(204);
    expect(String(logout.headers['set-cookie'])).toMatch(/Max-Age=0/);
  });

  it('refuses wrong passwords and unknown names with the same message', async () => {
    const wrong = await inject({
      method: 'POST',
      url: '/api/auth/me',
      payload: { name: 'admin', password: 'nope-nope' },
    });
    const unknown = await inject({
      method: 'POST',
      url: '/api/auth/me',
      payload: { name: 'nobody-here', password: 'x12345' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().error).toBe(unknown.json().error);
  });

  it.each([
    [{ name: 'abc', password: 'password' }, 'Username length must be at least 5 characters'],
    [{ name: 'someone', password: 'abc' }, 'Password length must be at least 5 characters'],
    [{ name: 'x'.repeat(65), password: 'password' }, 'Username must be at most 64 characters'],
    [{ name: 'bad\nname', password: 'password' }, 'Username must not contain control characters'],
  ])('validates %j with the spec message', async (payload, message) => {
    for (const url of ['/api/auth/me', '/api/auth/reg']) {
      const response = await inject({ method: 'POST', url, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].msg).toBe(message);
    }
  });

  it('registers users into the user group, refuses taken names, and follows the registration setting', async () => {
    expect((await inject({ method: 'GET', url: '/api/auth/reg' })).json()).toEqual({ reg: true });
    const created = await inject({
      method: 'POST',
      url: '/api/auth/reg',
      payload: { name: 'listener1', password: 'secret1' },
    });
    expect(created.statusCode).toBe(201);
    // asmr.one's apps read loggedIn, email and recommenderUuid too (docs/clients.md).
    expect(created.json().user).toEqual({
      name: 'listener1',
      group: 'user',
      loggedIn: true,
      email: null,
      recommenderUuid: expect.any(String),
    });
    const taken = await inject({
      method: 'POST',
      url: '/api/auth/reg',
      payload: { name: 'listener1', password: 'secret1' },
    });
    expect(taken.statusCode).toBe(409);
    const admin = bearer(await login(server, ADMIN.name, ADMIN.password));
    await inject({
      method: 'PUT',
      url: '/api/config/admin',
      headers: admin,
      payload: { registration: false },
    });
    expect((await inject({ method: 'GET', url: '/api/auth/reg' })).json()).toEqual({ reg: false });
    const closed = await inject({
      method: 'POST',
      url: '/api/auth/reg',
      payload: { name: 'listener2', password: 'secret1' },
    });
    expect(closed.statusCode).toBe(403);
    await inject({
      method: 'PUT',
      url: '/api/config/admin',
      headers: admin,
      payload: { registration: true },
    });
  });

  it('lets the guest look and listen but not write, with a message that says to register', async () => {
    const guest = bearer(await login(server, 'guest', 'guest'));
    expect((await inject({ method: 'GET', url: '/api/auth/me', headers: guest })).json().user).toEqual({
      name: 'guest',
      group: 'guest',
    });
    expect((await inject({ method: 'GET', url: '/api/works', headers: guest })).statusCode).toBe(200);
    const write = await inject({
      method: 'PUT',
      url: '/api/review',
      headers: guest,
      payload: { work_id: 123456, rating: 5 },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().error).toMatch(/register/);
    const password = await inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers: guest,
      payload: { oldPassword: 'guest', newPassword: 'guest2' },
    });
    expect(password.statusCode).toBe(403);
  });

  it('turns guest access off and on', async () => {
    const admin = bearer(await login(server, ADMIN.name, ADMIN.password));
    const guestToken = await login(server, 'guest', 'guest');
    await inject({ method: 'PUT', url: '/api/config/admin', headers: admin, payload: { guest: false } });
    expect(
      (await inject({ method: 'POST', url: '/api/auth/me', payload: { name: 'guest', password: 'guest' } }))
        .statusCode,
    ).toBe(403);
    expect((await inject({ method: 'GET', url: '/api/works', headers: bearer(guestToken) })).statusCode).toBe(
      401,
    );
    await inject({ method: 'PUT', url: '/api/config/admin', headers: admin, payload: { guest: true } });
    expect((await inject({ method: 'GET', url: '/api/works', headers: bearer(guestToken) })).statusCode).toBe(
      200,
    );
  });

  it('revokes older tokens when the password changes', async () => {
    const first = await register(server, 'changer1', 'password1');
    const second = await login(server, 'changer1', 'password1');
    const wrong = await inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers: bearer(first),
      payload: { oldPassword: 'not-it', newPassword: 'password2' },
    });
    expect(wrong.statusCode).toBe(403);
    const changed = await inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers: bearer(first),
      payload: { oldPassword: 'password1', newPassword: 'password2' },
    });
    expect(changed.statusCode).toBe(200);
    const fresh = changed.json().token as string;
    for (const old of [first, second]) {
      expect((await inject({ method: 'GET', url: '/api/works', headers: bearer(old) })).statusCode).toBe(401);
    }
    expect((await inject({ method: 'GET', url: '/api/works', headers: bearer(fresh) })).statusCode).toBe(200);
    expect(await login(server, 'changer1', 'password2')).toEqual(expect.any(String));
  });

  it('revokes the tokens of a deleted user', async () => {
    const token = await register(server, 'leaver01');
    const admin = bearer(await login(server, ADMIN.name, ADMIN.password));
    await inject({
      method: 'DELETE',
      url: '/api/credentials/user',
      headers: admin,
      payload: { users: [{ name: 'leaver01' }] },
    });
    expect((await inject({ method: 'GET', url: '/api/works', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('rejects forged and malformed tokens', async () => {
    const token = await login(server, ADMIN.name, ADMIN.password);
    const [header, payload] = token.split('.');
    for (const bad of [`${header}.${payload}.forged`, 'not-a-jwt', `${token}x`]) {
      expect((await inject({ method: 'GET', url: '/api/works', headers: bearer(bad) })).statusCode).toBe(401);
    }
  });

  it('takes ?token= and the cookie only on media and cover routes, the cookie only for reads', async () => {
    const token = await login(server, ADMIN.name, ADMIN.password);
    const cookie = { cookie: `sasayaki_token=${token}` };
    expect((await inject({ method: 'GET', url: `/api/works?token=${token}` })).statusCode).toBe(401);
    expect((await inject({ method: 'GET', url: '/api/works', headers: cookie })).statusCode).toBe(401);
    expect((await inject({ method: 'GET', url: `/api/cover/123456?token=${token}` })).statusCode).toBe(200);
    expect((await inject({ method: 'GET', url: '/api/cover/123456', headers: cookie })).statusCode).toBe(200);
    expect((await inject({ method: 'GET', url: '/api/cover/123456' })).statusCode).toBe(401);
    const write = await inject({
      method: 'PUT',
      url: '/api/review',
      headers: cookie,
      payload: { work_id: 123456, rating: 4 },
    });
    expect(write.statusCode).toBe(401);
  });

  it('takes a cookie that is not valid percent-encoding as no token (401), not a fault (500)', async () => {
    for (const value of ['%', '%E0%A4%A', '%ff']) {
      const response = await inject({
        method: 'GET',
        url: '/api/media/check-lrc/123456/0',
        headers: { cookie: `sasayaki_token=${value}` },
      });
      expect(response.statusCode, value).toBe(401);
    }
  });

  it('limits failed logins per name from one address', async () => {
    const limited = await startTestServer(kind, { ...ACCOUNTS_ON, SASAYAKI_LOGIN_FAILURES_PER_MINUTE: '3' });
    try {
      const attempt = (password: string, ip = '10.0.0.1') =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/me',
          payload: { name: 'admin', password },
          remoteAddress: ip,
        });
      for (let i = 0; i < 3; i++) expect((await attempt('wrong-pass')).statusCode).toBe(401);
      const blocked = await attempt(ADMIN.password);
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is not refused for what this one did: the right password gets in
      // (login-limits.test.ts has the attacks).
      expect((await attempt(ADMIN.password, '10.0.0.2')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('limits the guest to its requests a minute', async () => {
    const limited = await startTestServer(kind, { ...ACCOUNTS_ON, SASAYAKI_GUEST_REQUESTS_PER_MINUTE: '3' });
    try {
      const guest = bearer(await login(limited, 'guest', 'guest'));
      for (let i = 0; i < 3; i++) {
        expect(
          (await limited.app.inject({ method: 'GET', url: '/api/works', headers: guest })).statusCode,
        ).toBe(200);
      }
      const blocked = await limited.app.inject({ method: 'GET', url: '/api/works', headers: guest });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBeDefined();
      const admin = bearer(await login(limited, ADMIN.name, ADMIN.password));
      expect(
        (await limited.app.inject({ method: 'GET', url: '/api/works', headers: admin })).statusCode,
      ).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('accounts off', () => {
  it('makes everyone the administrator and says auth is false', async () => {
    const server = await startTestServer('sqlite', { SASAYAKI_AUTH: 'false' });
    try {
      const me = await server.app.inject({ method: 'GET', url: '/api/auth/me' });
      expect(me.json()).toEqual({ user: { name: 'admin', group: 'administrator' }, auth: false, reg: false });
      expect((await server.app.inject({ method: 'GET', url: '/api/credentials/users' })).statusCode).toBe(
        200,
      );
    } finally {
      await server.close();
    }
  });
});
