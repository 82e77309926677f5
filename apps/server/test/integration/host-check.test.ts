import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS_ON } from '../helpers/accounts.js';
import { startTestServer, type TestServer } from '../helpers/test-context.js';

/** Finding 3 of the audit: with accounts off, a DNS-rebinding page acted as the administrator. */
describe('with accounts off, only the server’s own names are answered', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { SASAYAKI_PUBLIC_HOSTS: 'music.example.com' });
  });
  afterAll(async () => {
    await server?.close();
  });

  const status = async (host: string, url = '/api/auth/me') =>
    (await server.app.inject({ method: 'GET', url, headers: { host } })).statusCode;

  it.each([
    'localhost:8888',
    '127.0.0.1:8888',
    '[::1]:8888',
    '192.168.1.20:8888',
    '[fe80::1]',
    'music.example.com',
    'MUSIC.example.com:443',
  ])('answers Host: %s', async (host) => {
    expect(await status(host)).toBe(200);
  });

  it.each(['attacker.example', 'music.example.com.attacker.example', 'localhost.attacker.example'])(
    'refuses Host: %s with 421 in the contract’s error shape',
    async (host) => {
      const response = await server.app.inject({
        method: 'GET',
        url: '/api/credentials/users',
        headers: { host },
      });
      expect(response.statusCode).toBe(421);
      expect(response.json()).toEqual({ error: expect.stringContaining(`"${host}"`) });
    },
  );

  it('refuses the web app and unknown paths too', async () => {
    expect(await status('attacker.example', '/')).toBe(421);
    expect(await status('attacker.example', '/api/nothing-here')).toBe(421);
  });

  it('reads the Host header, not X-Forwarded-Host, which a page can set', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { host: 'attacker.example', 'x-forwarded-host': 'localhost' },
    });
    expect(response.statusCode).toBe(421);
  });
});

describe('with accounts on', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', ACCOUNTS_ON);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers any name: a token is needed anyway', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { host: 'any.example' },
    });
    expect(response.statusCode).toBe(200);
  });
});
