import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-context.js';

interface LogLine {
  level: number;
  msg: string;
  request?: { url: string; status: number };
}

/** Issue 15: a 10-minute load run wrote 4.9 million lines, two `info` lines a request. */
describe('the server logs a request in one debug line, and nothing per request at info', () => {
  let server: TestServer;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    });
    server = await startTestServer('sqlite', {}, { logStream });
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(['/api/works', '/api/no-such-route'])('GET %s', async (url) => {
    lines.length = 0;
    await server.app.inject({ method: 'GET', url });
    await new Promise((resolve) => setImmediate(resolve));
    const mentions = lines.filter((line) => JSON.stringify(line).includes(url));
    expect(mentions).toHaveLength(1);
    expect(mentions[0]).toMatchObject({ level: 20, request: { url } });
    expect(lines.filter((line) => line.level >= 30)).toEqual([]);
  });
});
