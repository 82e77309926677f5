import { randomBytes } from 'node:crypto';
import { closeSync, ftruncateSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyBufferCounts, FileBody } from '../../../src/media/file-body.js';

/**
 * 12 MiB and a bit: more than the kernel's socket buffers hold, so writes to a slow reader wait in the
 * server, and ranges take many 256 KiB reads with a short last one.
 */
const CONTENT = randomBytes(12 * 1024 * 1024 + 12_345);
const dir = mkdtempSync(join(tmpdir(), 'sasayaki-file-body-'));
const path = join(dir, 'content.bin');
writeFileSync(path, CONTENT);
let fd: number;
let server: Server;
let port: number;
let bodiesClosed = 0;

beforeAll(async () => {
  fd = openSync(path, 'r');
  // What Fastify does with a stream payload: pipe it to the response, destroy it when the response closes.
  server = createServer((request, response) => {
    const [start, end] = (request.url ?? '').slice(1).split('-').map(Number) as [number, number];
    response.writeHead(200, { 'content-length': String(Math.max(0, end - start + 1)) });
    const body = new FileBody(fd, start, end);
    body.once('close', () => {
      bodiesClosed += 1;
    });
    response.once('close', () => body.destroy());
    body.once('error', () => response.destroy());
    body.pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  closeSync(fd);
  rmSync(dir, { recursive: true, force: true });
});

/** The body of bytes `start` to `end`, read slowly when `pauseMs` is set, so the server's writes pile up. */
function fetchRange(start: number, end: number, pauseMs = 0): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ port, host: '127.0.0.1', path: `/${start}-${end}` }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        if (pauseMs > 0) {
          response.pause();
          setTimeout(() => response.resume(), pauseMs);
        }
      });
      response.on('end', () => resolve(Buffer.concat(chunks)));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

describe('FileBody', () => {
  it('sends exactly the bytes of a range, over many reads, and closes once', async () => {
    const closedBefore = bodiesClosed;
    const body = await fetchRange(1000, CONTENT.length - 1);
    expect(body.equals(CONTENT.subarray(1000))).toBe(true);
    expect((await fetchRange(5, 5)).equals(CONTENT.subarray(5, 6))).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(bodiesClosed - closedBefore).toBe(2);
  });

  it('never reuses a buffer a slow client still has in flight', async () => {
    // Slow readers of the whole file fill their sockets, so the server's writes to them wait holding
    // pooled buffers, while fast readers take buffers from the pool again and again. A buffer handed out
    // again before its write was done would show up as wrong bytes.
    const slow = Array.from({ length: 3 }, (_, index) => ({
      start: index,
      end: CONTENT.length - 1,
      pauseMs: 5,
    }));
    const fast = Array.from({ length: 40 }, (_, index) => {
      const start = index * 211_357;
      return { start, end: start + 1_000_000, pauseMs: 0 };
    });
    const readers = [...slow, ...fast];
    const bodies = await Promise.all(
      readers.map(({ start, end, pauseMs }) => fetchRange(start, end, pauseMs)),
    );
    bodies.forEach((body, index) => {
      const { start, end } = readers[index] as { start: number; end: number };
      expect(body.equals(CONTENT.subarray(start, end + 1))).toBe(true);
    });
  });

  it('keeps sending to others while many clients stop reading', async () => {
    // More stalled readers than the pool has buffers: their writes wait on full sockets, holding buffers.
    const stalled = Array.from({ length: 40 }, () => {
      const request = httpRequest({ port, host: '127.0.0.1', path: `/0-${CONTENT.length - 1}` }, (response) =>
        response.pause(),
      );
      request.end();
      return request;
    });
    // Until every buffer is held by a stalled write and others wait.
    while (bodyBufferCounts().waiting === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(bodyBufferCounts().idle).toBe(0);
    try {
      const body = await fetchRange(4096, 4096 + 600_000);
      expect(body.equals(CONTENT.subarray(4096, 4096 + 600_001))).toBe(true);
    } finally {
      for (const request of stalled) request.destroy();
    }
  });

  it('cuts the answer when the file is shorter than the length promised', async () => {
    const shortPath = join(dir, 'short.bin');
    writeFileSync(shortPath, CONTENT.subarray(0, 600_000));
    const shortFd = openSync(shortPath, 'r+');
    ftruncateSync(shortFd, 300_000);
    const local = createServer((_request, response) => {
      response.writeHead(200, { 'content-length': '600000' });
      const body = new FileBody(shortFd, 0, 599_999);
      body.once('error', () => response.destroy());
      body.pipe(response);
    });
    const outcome = await new Promise<string>((resolve) => {
      local.listen(0, '127.0.0.1', () => {
        const { port: localPort } = local.address() as AddressInfo;
        const request = httpRequest({ port: localPort, host: '127.0.0.1', path: '/' }, (response) => {
          let received = 0;
          response.on('data', (chunk: Buffer) => {
            received += chunk.length;
          });
          response.on('end', () => resolve(`ended after ${received}`));
          response.on('error', () => resolve(`cut after ${received}`));
        });
        request.on('error', () => resolve('cut'));
        request.end();
      });
    });
    await new Promise((resolve) => local.close(resolve));
    closeSync(shortFd);
    expect(outcome).toMatch(/^cut/);
  });
});
