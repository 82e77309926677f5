import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS_ON, ADMIN, login } from '../../helpers/accounts.js';
import { insertWorks } from '../../helpers/catalogue-factory.js';
import { startTestServer, type TestServer } from '../../helpers/test-context.js';

/** Finding 9 of the audit: a percent-encoded parameter name carried the token past the log's redaction. */
describe('tokens never reach the log, however the parameter is spelt', () => {
  let server: TestServer;
  let token: string;
  const log: string[] = [];

  beforeAll(async () => {
    const library = mkdtempSync(join(tmpdir(), 'sasayaki-log-'));
    mkdirSync(join(library, 'RJ300002'));
    writeFileSync(join(library, 'RJ300002', 'a.wav'), Buffer.alloc(1024, 1));
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    server = await startTestServer('sqlite', { ...ACCOUNTS_ON, SASAYAKI_LIBRARY: library }, { logStream });
    await insertWorks(server.ctx.database.db, [
      { id: 300002, title: 'Short', rootDir: library, files: [{ path: 'a.wav', type: 'audio', size: 1024 }] },
    ]);
    token = await login(server, ADMIN.name, ADMIN.password);
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(['%74oken', 'TOKEN', '%2574oken', 't%6fken', 'token'])('redacts ?%s=', async (name) => {
    log.length = 0;
    await server.app.inject({ method: 'GET', url: `/api/media/stream/300002/0?${name}=${token}` });
    await new Promise((resolve) => setImmediate(resolve));
    const text = log.join('');
    expect(text).toContain(`/api/media/stream/300002/0?${name}=[redacted]`);
    expect(text).not.toContain(token.split('.')[2]);
  });

  it('accepts a percent-encoded name as the token it decodes to, and still redacts it', async () => {
    log.length = 0;
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/media/stream/300002/0?%74oken=${token}`,
    });
    expect(response.statusCode).toBe(200);
    expect(log.join('')).not.toContain(token.split('.')[2]);
  });

  it('drops the cookie and the Authorization header', async () => {
    log.length = 0;
    await server.app.inject({
      method: 'GET',
      url: '/api/media/stream/300002/0',
      headers: { cookie: `sasayaki_token=${token}`, authorization: `Bearer ${token}` },
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(log.join('')).toContain('/api/media/stream/300002/0');
    expect(log.join('')).not.toContain(token.split('.')[2]);
  });
});
