import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWorks } from '../helpers/catalogue-factory.js';
import { startTestServer, type TestServer } from '../helpers/test-context.js';

const TIMEOUT_S = 2;
const FILE_BYTES = 16 * 1024 * 1024;

/** Resolves with the milliseconds until the server closed the socket and what it answered, or null at `giveUpMs`. */
function closedWithin(socket: Socket, giveUpMs: number): Promise<{ ms: number; answer: string } | null> {
  const started = Date.now();
  let answer = '';
  socket.setEncoding('latin1');
  socket.on('data', (text: string) => {
    answer += text;
  });
  socket.on('error', () => {});
  return new Promise((resolve) => {
    const giveUp = setTimeout(() => resolve(null), giveUpMs);
    socket.once('close', () => {
      clearTimeout(giveUp);
      resolve({ ms: Date.now() - started, answer });
    });
  });
}

/** Writes one byte a second, as a slow-body attacker does, until the socket closes. */
function trickle(socket: Socket, text: string): void {
  let index = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || index >= text.length) return clearInterval(timer);
    socket.write(text[index++] as string);
  }, 1000);
  socket.once('close', () => clearInterval(timer));
}

/** Finding 6 of the audit: a request body sent at a byte a second held a connection forever. */
describe('requests must arrive in time; responses may take as long as they need', () => {
  let server: TestServer;
  let port = 0;

  beforeAll(async () => {
    const library = mkdtempSync(join(tmpdir(), 'sasayaki-timeouts-'));
    mkdirSync(join(library, 'RJ300003'));
    writeFileSync(join(library, 'RJ300003', 'long.wav'), Buffer.alloc(FILE_BYTES, 1));
    server = await startTestServer('sqlite', {
      SASAYAKI_LIBRARY: library,
      SASAYAKI_REQUEST_TIMEOUT: String(TIMEOUT_S),
    });
    await insertWorks(server.ctx.database.db, [
      {
        id: 300003,
        title: 'Long',
        rootDir: library,
        files: [{ path: 'long.wav', type: 'audio', size: FILE_BYTES }],
      },
    ]);
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('cuts a client that sends its body at a byte a second, with a 408', async () => {
    const socket = connect(port, '127.0.0.1');
    socket.write(
      'PUT /api/review HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 60\r\n\r\n',
    );
    trickle(socket, '{"work_id":300003,"rating":5,"review_text":"slowly, slowly.."}');
    const closed = await closedWithin(socket, (TIMEOUT_S + 4) * 1000);
    socket.destroy();
    expect(closed).not.toBeNull();
    expect(closed?.ms).toBeLessThan((TIMEOUT_S + 2) * 1000);
    expect(closed?.answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('cuts a client that sends its headers at a byte a second', async () => {
    const socket = connect(port, '127.0.0.1');
    socket.write('GET /api/health HTTP/1.1\r\n');
    trickle(socket, 'Host: 127.0.0.1\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n\r\n');
    const closed = await closedWithin(socket, (TIMEOUT_S + 4) * 1000);
    socket.destroy();
    expect(closed).not.toBeNull();
    expect(closed?.ms).toBeLessThan((TIMEOUT_S + 2) * 1000);
  });

  it('lets a stream download last longer than the timeout, with pauses, to its last byte', async () => {
    const received = await new Promise<number>((resolve, reject) => {
      httpGet(`http://127.0.0.1:${port}/api/media/stream/300003/0`, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('end', () => resolve(bytes));
        response.on('error', reject);
        response.on('aborted', () => reject(new Error('stream cut')));
        // A player that buffered enough stops reading for longer than the timeout, twice.
        response.pause();
        setTimeout(
          () => {
            response.resume();
            setTimeout(() => response.pause(), 50);
            setTimeout(() => response.resume(), (TIMEOUT_S + 1) * 1000);
          },
          (TIMEOUT_S + 1) * 1000,
        );
      }).on('error', reject);
    });
    expect(received).toBe(FILE_BYTES);
  }, 20_000);
});
