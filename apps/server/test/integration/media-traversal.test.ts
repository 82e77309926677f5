import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../helpers/test-context.js';
import { addWork, createLibrary } from './media-fixtures.js';

/** Sits next to the library, not in it: no response may ever contain it. */
const SECRET = 'TOP-SECRET-OUTSIDE-THE-LIBRARY';

const ATTACKS = [
  '..',
  '../..',
  '..%2f..%2fsecret.txt',
  '%2e%2e',
  '%2e%2e%2f%2e%2e%2fsecret.txt',
  '%252e%252e%252fsecret.txt',
  '..%5c..%5csecret.txt',
  '..\\..\\secret.txt',
  '%00',
  '0%00',
  '0%00.mp3',
  '%2fetc%2fpasswd',
  '%2Fetc%2Fpasswd',
  'C:%5cWindows',
  '0x1',
  '1e3',
  '-0',
  '%20',
  '0%0a',
];

describe.each(DATABASE_KINDS)('path traversal attempts on %s', (kind) => {
  let server: TestServer;
  let outside: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    outside = createLibrary();
    writeFileSync(join(outside, 'secret.txt'), SECRET);
    const library = join(outside, 'library');
    mkdirSync(library);
    await addWork(server.ctx.database.db, library, {
      id: 123456,
      dir: 'RJ123456',
      files: [{ path: 'a.mp3', content: 'audio' }],
    });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(outside, { recursive: true, force: true });
  });

  async function expectRefused(url: string): Promise<void> {
    const response = await server.app.inject({ method: 'GET', url });
    expect(response.body, url).not.toContain(SECRET);
    expect(response.body, url).not.toContain('root:');
    // Literal `..` segments (and `\` read as `/`) are resolved by the URL parser before routing: such a
    // URL leaves the media routes altogether (and may reach the web app), so only the secret's absence is
    // checked.
    if (/[\\/]\.\.([\\/]|$)/.test(url.split('?')[0] ?? '')) return;
    expect([400, 404], url).toContain(response.statusCode);
    expect(response.json(), url).toHaveProperty('error');
  }

  it('refuses traversal in the work id of every media route', async () => {
    for (const attack of ATTACKS) {
      for (const route of ['stream', 'download', 'stream-lq', 'check-lrc']) {
        await expectRefused(`/api/media/${route}/${attack}/0`);
      }
      await expectRefused(`/api/media/download-work/${attack}`);
    }
  });

  it('refuses traversal in the file id of every media route', async () => {
    for (const attack of ATTACKS) {
      for (const route of ['stream', 'download', 'stream-lq', 'check-lrc']) {
        await expectRefused(`/api/media/${route}/123456/${attack}`);
      }
    }
  });

  it('refuses traversal in the cover id and type', async () => {
    for (const attack of ATTACKS) {
      await expectRefused(`/api/cover/${attack}`);
      await expectRefused(`/api/cover/${attack}.jpg`);
      await expectRefused(`/api/cover/123456.jpg?type=${attack}`);
      await expectRefused(`/api/cover/123456.jpg?type=main${attack}`);
    }
    await expectRefused('/api/cover/123456.jpg?type=../../etc/passwd');
    await expectRefused('/api/cover/123456.jpg?type=%2e%2e%2f%2e%2e%2fsecret');
  });

  it('refuses traversal in the ZIP folder path', async () => {
    for (const path of [
      ['..'],
      ['..', '..'],
      ['../..'],
      ['/etc'],
      ['..\\..'],
      ['RJ123456', '..'],
      ['%2e%2e'],
      ['\u0000'],
      ['a.mp3'],
    ]) {
      await expectRefused(`/api/media/download-work/123456?path=${encodeURIComponent(JSON.stringify(path))}`);
    }
    await expectRefused('/api/media/download-work/123456?path=..%2f..');
  });

  it('still serves the real file, so the refusals above are not an accident', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/media/stream/123456/0' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('audio');
  });
});
