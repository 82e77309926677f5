import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config/config.js';
import { ACCOUNTS_ON, bearer, login } from '../../helpers/accounts.js';
import { insertWorks } from '../../helpers/catalogue-factory.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../../helpers/test-context.js';

const APP = 'https://kikoeru-app.example';

/** Apps served from another origin (issue 13): the allow-list, preflights, Private Network Access. */
describe.each(DATABASE_KINDS)('CORS on %s', (kind) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(kind, {
      ...ACCOUNTS_ON,
      SASAYAKI_CORS_ORIGINS: `${APP}, http://192.168.1.20:8080`,
    });
    await insertWorks(server.ctx.database.db, [
      { id: 123456, title: 'Work', files: [{ path: 'a.mp3', type: 'audio', duration: 60 }] },
    ]);
    token = await login(server, 'guest', 'guest');
  });
  afterAll(async () => {
    await server?.close();
  });

  const preflight = (url: string, headers: Record<string, string>) =>
    server.app.inject({
      method: 'OPTIONS',
      url,
      headers: { origin: APP, 'access-control-request-method': 'GET', ...headers },
    });

  it('answers a preflight for a request with the Authorization header, without a token', async () => {
    const response = await preflight('/api/works?page=1&subtitle=0', {
      'access-control-request-headers': 'authorization',
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(APP);
    expect(String(response.headers['access-control-allow-headers'])).toContain('Authorization');
    expect(String(response.headers['access-control-allow-methods'])).toContain('POST');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    expect(response.headers['access-control-allow-private-network']).toBeUndefined();
  });

  it('answers the Private Network Access preflight of a page reaching a private address', async () => {
    const response = await preflight('/api/auth/me', {
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
      'access-control-request-private-network': 'true',
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-private-network']).toBe('true');
  });

  it("answers the preflight of the asmr.one app's OPTIONS prefetch, then the prefetch itself", async () => {
    const url = `/api/media/stream/123456/0?token=${token}`;
    const first = await preflight(url, { 'access-control-request-method': 'OPTIONS' });
    expect(first.statusCode).toBe(204);
    expect(String(first.headers['access-control-allow-methods'])).toContain('OPTIONS');
    const hint = await server.app.inject({ method: 'OPTIONS', url, headers: { origin: APP } });
    expect(hint.statusCode).toBe(204);
    expect(hint.headers['access-control-allow-origin']).toBe(APP);
  });

  it('lets the page read answers, errors included (a 401 sends the app to its login page)', async () => {
    const list = await server.app.inject({
      method: 'GET',
      url: '/api/works',
      headers: { origin: APP, ...bearer(token) },
    });
    expect(list.statusCode).toBe(200);
    expect(list.headers['access-control-allow-origin']).toBe(APP);
    expect(String(list.headers.vary)).toContain('Origin');
    expect(String(list.headers['access-control-expose-headers'])).toContain('Content-Range');
    const denied = await server.app.inject({ method: 'GET', url: '/api/auth/me', headers: { origin: APP } });
    expect(denied.statusCode).toBe(401);
    expect(denied.headers['access-control-allow-origin']).toBe(APP);
    const stream = await server.app.inject({
      method: 'GET',
      url: `/api/cover/123456.jpg?type=main&token=${token}`,
      headers: { origin: 'http://192.168.1.20:8080' },
    });
    expect(stream.headers['access-control-allow-origin']).toBe('http://192.168.1.20:8080');
  });

  it('says nothing to other origins', async () => {
    const response = await server.app.inject({
      method: 'OPTIONS',
      url: '/api/works',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'GET',
        'access-control-request-private-network': 'true',
      },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers['access-control-allow-private-network']).toBeUndefined();
    const read = await server.app.inject({
      method: 'GET',
      url: '/api/works',
      headers: { origin: 'https://evil.example', ...bearer(token) },
    });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('CORS off by default', () => {
  it('adds no header for any origin', async () => {
    const server = await startTestServer('sqlite');
    try {
      const response = await server.app.inject({
        method: 'OPTIONS',
        url: '/api/works',
        headers: { origin: APP, 'access-control-request-method': 'GET' },
      });
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await server.close();
    }
  });
});

describe('SASAYAKI_CORS_ORIGINS', () => {
  const load = (value: string) =>
    loadConfig({ SASAYAKI_DATA: '/tmp/sasayaki-cors-config', SASAYAKI_CORS_ORIGINS: value });
  it('takes origins as browsers send them, and *', () => {
    expect(load('https://App.example/, http://10.0.0.2:8080,*').corsOrigins).toEqual([
      'https://app.example',
      'http://10.0.0.2:8080',
      '*',
    ]);
  });
  it.each(['app.example', 'https://app.example/path', 'ftp://app.example'])('refuses %s', (value) => {
    expect(() => load(value)).toThrow(ConfigError);
  });
});
