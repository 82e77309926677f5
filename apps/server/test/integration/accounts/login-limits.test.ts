import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNTS_ON, ADMIN, awayFromAMinuteEdge, bearer, login, register } from '../../helpers/accounts.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../../helpers/test-context.js';

/** Issue 11, findings 2 and 4: nobody can lock anyone out, and password changes count like logins. */
describe.each(DATABASE_KINDS)('login and password-change limits on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, {
      ...ACCOUNTS_ON,
      SASAYAKI_LOGIN_FAILURES_PER_MINUTE: '10',
      SASAYAKI_LOGIN_ADDRESS_FAILURES_PER_MINUTE: '30',
      SASAYAKI_LOGIN_SLOWDOWN_MS: '800',
    });
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => awayFromAMinuteEdge(), 20_000);

  const attempt = (name: string, password: string, remoteAddress: string) =>
    server.app.inject({ method: 'POST', url: '/api/auth/me', payload: { name, password }, remoteAddress });

  it("lets the administrator in from their own address while an attacker's address is refused", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++)
      statuses.push((await attempt('admin', `guess-${i}`, '203.0.113.66')).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(40).fill(429));

    const owner = await attempt(ADMIN.name, ADMIN.password, '192.0.2.10');
    expect(owner.statusCode).toBe(200);

    // The attacker's address stays refused, even with the right password or another spelling of the name.
    for (const name of ['admin', 'ADMIN']) {
      const refused = await attempt(name, ADMIN.password, '203.0.113.66');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json().error).toMatch(/Too many failed attempts/);
    }
  });

  it('refuses a burst of simultaneous guesses beyond the limit, though none had failed when it began', async () => {
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) => attempt('burst-target', `guess-${i}`, '203.0.113.88')),
    );
    const statuses = burst.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(30);
    for (const response of burst.filter((each) => each.statusCode === 429))
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses an address that tries many names', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await attempt(`victim${i}`, 'wrong-pass', '203.0.113.77')).statusCode);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses[30]).toBe(429);
    expect((await attempt(ADMIN.name, ADMIN.password, '192.0.2.11')).statusCode).toBe(200);
  });

  it('slows down addresses that failed on a name under attack from many addresses, not its owner', async () => {
    await register(server, 'popular1', 'right-password');
    // Twenty addresses fail once each: the name is past its ten failures a minute.
    for (let i = 0; i < 20; i++)
      expect((await attempt('popular1', 'wrong-pass', `198.51.100.${i}`)).statusCode).toBe(401);

    const started = Date.now();
    expect((await attempt('popular1', 'wrong-pass', '198.51.100.0')).statusCode).toBe(401);
    // 800 ms × 11 failures past the threshold / 10 steps, bounded by 800 ms.
    expect(Date.now() - started).toBeGreaterThanOrEqual(790);

    expect((await attempt('popular1', 'right-password', '192.0.2.12')).statusCode).toBe(200);
  });

  it('counts wrong old passwords of a password change, per user, with 429 and Retry-After', async () => {
    const token = await register(server, 'changer9', 'password1');
    const change = (oldPassword: string, remoteAddress: string) =>
      server.app.inject({
        method: 'PUT',
        url: '/api/auth/password',
        headers: bearer(token),
        payload: { oldPassword, newPassword: 'password2' },
        remoteAddress,
      });
    for (let i = 0; i < 10; i++)
      expect((await change(`guess-${i}`, `198.51.100.${100 + i}`)).statusCode).toBe(403);
    const refused = await change('password1', '192.0.2.13');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Logging in is another matter: the password was never changed.
    expect(await login(server, 'changer9', 'password1')).toEqual(expect.any(String));
  });
});
