import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREFETCH_WAITING } from '../../src/media/prefetch-queue.js';
import type { SpawnAdapter } from '../../src/media/transcoder.js';
import { ACCOUNTS_ON, ADMIN, login } from '../helpers/accounts.js';
import { insertWorks } from '../helpers/catalogue-factory.js';
import { writeTone } from '../helpers/ffmpeg-tools.js';
import { startTestServer, type TestServer } from '../helpers/test-context.js';

const WORK = 300004;
const FILES = 40;
const CONCURRENCY = 2;
const HINTS = 360;

/** Stands in for ffmpeg's transcodes: a process that runs until killed, so the test decides when each ends. */
function blockingSpawn() {
  const children: ChildProcess[] = [];
  const adapter: SpawnAdapter = (command, args, options) => {
    if (!args.includes('-i')) return spawn(command, args, options);
    const child = spawn('sleep', ['60'], options);
    children.push(child);
    return child;
  };
  return { children, adapter };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Finding 5 of the audit: 360 OPTIONS requests without a token started 75 ffmpeg runs. */
describe('prefetch hints', { timeout: 60_000 }, () => {
  let server: TestServer;
  let library: string;
  const spawns = blockingSpawn();
  const hint = (fileId: number, query = '', headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'OPTIONS', url: `/api/media/stream-lq/${WORK}/${fileId}${query}`, headers });

  beforeAll(async () => {
    library = mkdtempSync(join(tmpdir(), 'sasayaki-hints-'));
    mkdirSync(join(library, 'RJ300004'));
    writeTone(join(library, 'RJ300004', '0.wav'), 1);
    for (let id = 1; id < FILES; id++)
      copyFileSync(join(library, 'RJ300004', '0.wav'), join(library, 'RJ300004', `${id}.wav`));
    server = await startTestServer('sqlite', {
      ...ACCOUNTS_ON,
      SASAYAKI_LIBRARY: library,
      SASAYAKI_TRANSCODE_CONCURRENCY: String(CONCURRENCY),
    });
    server.ctx.transcoder.spawnProcess = spawns.adapter;
    await insertWorks(server.ctx.database.db, [
      {
        id: WORK,
        title: 'Hints',
        rootDir: library,
        files: Array.from({ length: FILES }, (_, id) => ({ path: `${id}.wav`, type: 'audio' as const })),
      },
    ]);
  });
  afterAll(async () => {
    await server?.close();
    rmSync(library, { recursive: true, force: true });
  });

  it('answers every hint 204, but starts nothing without a valid token', async () => {
    for (let i = 0; i < HINTS; i++) {
      const spelled = [
        hint(i % FILES),
        hint(i % FILES, '?token=not-a-token'),
        hint(i % FILES, '', { authorization: 'Bearer not-a-token' }),
      ][i % 3];
      expect((await spelled)?.statusCode).toBe(204);
    }
    // Time for any transcode a hint had started to reach ffmpeg.
    await pause(3000);
    expect(spawns.children.length).toBe(0);
  });

  it('takes a token from the query or the Authorization header', async () => {
    const token = await login(server, ADMIN.name, ADMIN.password);
    expect((await hint(0, `?token=${token}`)).statusCode).toBe(204);
    expect((await hint(1, '', { authorization: `Bearer ${token}` })).statusCode).toBe(204);
    const deadline = Date.now() + 10_000;
    while (spawns.children.length < 2 && Date.now() < deadline) await pause(20);
    expect(spawns.children.length).toBe(2);
    for (const child of spawns.children) child.kill();
  });

  it('with a token, starts at most the running and waiting hints, dropping the oldest', async () => {
    await pause(200);
    const before = spawns.children.length;
    const token = await login(server, ADMIN.name, ADMIN.password);
    // Files 2..39 and around again: more distinct files than can run or wait.
    for (let i = 0; i < HINTS; i++) {
      expect((await hint(2 + (i % (FILES - 2)), `?token=${token}`)).statusCode).toBe(204);
    }
    // Ends every transcode as it starts, until no new one has started for a while.
    let quietSince = Date.now();
    let seen = spawns.children.length;
    while (Date.now() - quietSince < 1500) {
      for (const child of spawns.children)
        if (child.exitCode === null && child.signalCode === null) child.kill();
      await pause(50);
      if (spawns.children.length !== seen) {
        seen = spawns.children.length;
        quietSince = Date.now();
      }
    }
    expect(spawns.children.length - before).toBe(CONCURRENCY + PREFETCH_WAITING);
  });
});

/** The guest's password is public: its hints count against a budget as large as its requests', past which they are ignored. */
describe('the guest account’s prefetch hints', { timeout: 60_000 }, () => {
  const BUDGET = 5;
  let server: TestServer;
  let library: string;
  const spawns = blockingSpawn();

  beforeAll(async () => {
    library = mkdtempSync(join(tmpdir(), 'sasayaki-guest-hints-'));
    mkdirSync(join(library, 'RJ300005'));
    writeTone(join(library, 'RJ300005', '0.wav'), 1);
    for (let id = 1; id < 20; id++)
      copyFileSync(join(library, 'RJ300005', '0.wav'), join(library, 'RJ300005', `${id}.wav`));
    server = await startTestServer('sqlite', {
      ...ACCOUNTS_ON,
      SASAYAKI_LIBRARY: library,
      SASAYAKI_TRANSCODE_CONCURRENCY: '32',
      SASAYAKI_GUEST_REQUESTS_PER_MINUTE: String(BUDGET),
    });
    server.ctx.transcoder.spawnProcess = spawns.adapter;
    await insertWorks(server.ctx.database.db, [
      {
        id: 300005,
        title: 'Guest hints',
        rootDir: library,
        files: Array.from({ length: 20 }, (_, id) => ({ path: `${id}.wav`, type: 'audio' as const })),
      },
    ]);
  });
  afterAll(async () => {
    for (const child of spawns.children) child.kill();
    await server?.close();
    rmSync(library, { recursive: true, force: true });
  });

  it('starts at most the guest’s requests a minute, and answers every hint 204', async () => {
    const token = await login(server, 'guest', 'guest');
    for (let id = 0; id < 20; id++) {
      const response = await server.app.inject({
        method: 'OPTIONS',
        url: `/api/media/stream-lq/300005/${id}?token=${token}`,
      });
      expect(response.statusCode).toBe(204);
    }
    await pause(3000);
    expect(spawns.children.length).toBe(BUDGET);
  });
});
