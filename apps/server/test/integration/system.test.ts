import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../helpers/test-context.js';

describe.each(DATABASE_KINDS)('system routes on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers health with OK and no-referrer', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('OK');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('reports the version and the maintenance lock', async () => {
    const open = await server.app.inject({ method: 'GET', url: '/api/version' });
    expect(open.json()).toMatchObject({ update_available: false, lockFileExists: false, lockReason: null });
    expect(open.json().version).toMatch(/^\d+\.\d+\.\d+/);
    await server.ctx.maintenance.lock('rescan needed');
    const locked = await server.app.inject({ method: 'GET', url: '/api/version' });
    expect(locked.json()).toMatchObject({ lockFileExists: true, lockReason: 'rescan needed' });
    await server.ctx.maintenance.unlock();
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toHaveProperty('error');
  });
});
