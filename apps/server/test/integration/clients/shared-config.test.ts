import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS_ON } from '../../helpers/accounts.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../../helpers/test-context.js';

/** kikoeru's web app asks `GET /api/config/shared` on every load and shows an error notice without it. */
describe.each(DATABASE_KINDS)('GET /api/config/shared on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, ACCOUNTS_ON);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers the seek times the app reads, before anyone signs in', async () => {
    // As the app sends it: no token yet on the login page, `?token=` once signed in.
    for (const url of ['/api/config/shared', '/api/config/shared?token=']) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ sharedConfig: { rewindSeekTime: 5, forwardSeekTime: 30 } });
    }
  });
});
