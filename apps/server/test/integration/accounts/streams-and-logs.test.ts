import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { get as httpGet, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS_ON, ADMIN, login } from '../../helpers/accounts.js';
import { insertWorks } from '../../helpers/catalogue-factory.js';
import { startTestServer, type TestServer } from '../../helpers/test-context.js';

/** Opens a stream and keeps it open (paused), as a slow player would. */
function openStream(url: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    httpGet(url, (response) => {
      response.pause();
      resolve(response);
    }).on('error', reject);
  });
}

describe('guest streams and token hygiene', () => {
  let server: TestServer;
  let base: string;
  const log: string[] = [];

  beforeAll(async () => {
    const library = mkdtempSync(join(tmpdir(), 'sasayaki-streams-'));
    mkdirSync(join(library, 'RJ300001'));
    // Large enough that a paused reader keeps the response open.
    writeFileSync(join(library, 'RJ300001', 'long.wav'), Buffer.alloc(32 * 1024 * 1024, 1));
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    server = await startTestServer('sqlite', { ...ACCOUNTS_ON, SASAYAKI_LIBRARY: library }, { logStream });
    await insertWorks(server.ctx.database.db, [
      {
        id: 300001,
        title: 'Long',
        rootDir: library,
        files: [{ path: 'long.wav', type: 'audio', size: 32 * 1024 * 1024 }],
      },
    ]);
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lets the guest hold two streams at once, not three', async () => {
    const token = await login(server, 'guest', 'guest');
    const url = `${base}/api/media/stream/300001/0?token=${token}`;
    const first = await openStream(url);
    const second = await openStream(url);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const third = await openStream(url);
    expect(third.statusCode).toBe(429);
    third.resume();
    first.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const again = await openStream(url);
    expect(again.statusCode).toBe(200);
    for (const response of [second, again]) response.destroy();
  });

  it('never writes a token into the log', async () => {
    const token = await login(server, ADMIN.name, ADMIN.password);
    const response = await fetch(`${base}/api/media/stream/300001/0?token=${token}`, {
      headers: { Range: 'bytes=0-99', Cookie: `sasayaki_token=${token}` },
    });
    expect(response.status).toBe(206);
    await response.arrayBuffer();
    await fetch(`${base}/api/works`, { headers: { Authorization: `Bearer ${token}` } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const text = log.join('');
    expect(text).toContain('/api/media/stream/300001/0?token=[redacted]');
    expect(text).not.toContain(token);
    expect(text).not.toContain(token.split('.')[2]);
  });
});
