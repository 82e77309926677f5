import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScanState } from '@sasayaki/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wav } from '../helpers/hostile-library.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../helpers/test-context.js';

function makeLibrary(): { base: string; root: string } {
  const base = mkdtempSync(join(tmpdir(), 'sasayaki-scan-routes-'));
  const root = join(base, 'library');
  for (const [dir, name] of [
    ['RJ100001 First', 'a.wav'],
    ['RJ100002 Second', 'b.wav'],
  ] as const) {
    mkdirSync(join(root, dir), { recursive: true });
    writeFileSync(join(root, dir, name), wav(0.1));
    writeFileSync(join(root, dir, 'readme.txt'), 'hello');
  }
  return { base, root };
}

/** Reads a Server-Sent Events stream until `until` holds for the events so far. */
function readEvents(
  url: string,
  until: (events: Array<{ event: string; data: unknown }>) => boolean,
  onOpen: () => void,
) {
  return new Promise<Array<{ event: string; data: unknown }>>((resolve, reject) => {
    const events: Array<{ event: string; data: unknown }> = [];
    const req = httpRequest(url, (res) => {
      expect(res.headers['content-type']).toContain('text/event-stream');
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) {
            events.push({ event, data: JSON.parse(data) });
            if (events.length === 1) onOpen();
          }
          end = buffer.indexOf('\n\n');
        }
        if (until(events)) {
          req.destroy();
          resolve(events);
        }
      });
    });
    req.on('error', (error) => {
      if (!req.destroyed) reject(error);
    });
    req.end();
  });
}

describe.each(DATABASE_KINDS)('scan routes and lifecycle on %s', (kind) => {
  let server: TestServer;
  let library: { base: string; root: string };
  const db = () => server.ctx.database.db;
  const waitForScan = async () => (await server.ctx.scans.waitForLocalScan()) as ScanState;

  beforeAll(async () => {
    library = makeLibrary();
    server = await startTestServer(kind, { SASAYAKI_LIBRARY: library.root });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(library.base, { recursive: true, force: true });
  });

  it('reports no scan before the first one', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/scan' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.json()).toMatchObject({ id: null, running: false, status: null, errors: [] });
    expect(await server.ctx.scans.hasScannedOnce()).toBe(false);
  });

  it('starts a scan (202), refuses a second (409), and reports the end', async () => {
    const started = await server.app.inject({
      method: 'POST',
      url: '/api/scan',
      payload: { mode: 'incremental' },
    });
    expect(started.statusCode).toBe(202);
    expect(ScanState.parse(started.json())).toMatchObject({
      running: true,
      status: 'running',
      mode: 'incremental',
    });
    const second = await server.app.inject({ method: 'POST', url: '/api/scan', payload: { mode: 'full' } });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ error: 'A scan is already running' });
    await waitForScan();
    const state = (await server.app.inject({ method: 'GET', url: '/api/scan' })).json();
    expect(ScanState.parse(state)).toMatchObject({
      running: false,
      status: 'finished',
      counts: { found: 2, added: 2 },
    });
    expect(state.finishedAt).not.toBeNull();
    expect(await server.ctx.scans.hasScannedOnce()).toBe(true);
  });

  it('validates the mode and answers 409 to a cancel with nothing running', async () => {
    const bad = await server.app.inject({
      method: 'POST',
      url: '/api/scan',
      payload: { mode: 'everything' },
    });
    expect(bad.statusCode).toBe(400);
    const cancel = await server.app.inject({ method: 'DELETE', url: '/api/scan' });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toEqual({ error: 'No scan is running' });
  });

  it('cancels a running scan', async () => {
    await server.app.inject({ method: 'POST', url: '/api/scan', payload: { mode: 'full' } });
    const cancel = await server.app.inject({ method: 'DELETE', url: '/api/scan' });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ running: true });
    expect(await waitForScan()).toMatchObject({ status: 'cancelled', running: false });
    const row = await db().selectFrom('scans').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'cancelled', cancel_requested: 1 });
  });

  /** A running row as another process leaves it: `leaseEndsIn` ms from now (negative: ended). */
  const otherProcessScan = async (owner: string, leaseEndsIn: number | null, heartbeatAgo = 0) => {
    const heartbeat = new Date(Date.now() - heartbeatAgo).toISOString();
    return db()
      .insertInto('scans')
      .values({
        mode: 'full',
        status: 'running',
        started_at: heartbeat,
        heartbeat_at: heartbeat,
        lease_expires_at: leaseEndsIn === null ? null : new Date(Date.now() + leaseEndsIn).toISOString(),
        owner,
        cancel_requested: 0,
        counts: '{}',
        errors: '[]',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  };
  const statusOf = async (id: number) =>
    (await db().selectFrom('scans').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  it('marks a scan whose lease ended abandoned and starts anew', async () => {
    const stale = await otherProcessScan('dead-instance', -1000, 60_000);
    const started = await server.app.inject({
      method: 'POST',
      url: '/api/scan',
      payload: { mode: 'incremental' },
    });
    expect(started.statusCode).toBe(202);
    await waitForScan();
    expect(await statusOf(stale.id)).toBe('abandoned');
  });

  it('reports a scan whose lease ended as abandoned, without a new scan to notice it', async () => {
    const stale = await otherProcessScan('killed-instance', -1000, 60_000);
    const state = (await server.app.inject({ method: 'GET', url: '/api/scan' })).json();
    expect(ScanState.parse(state)).toMatchObject({ id: stale.id, running: false, status: 'abandoned' });
    expect(state.finishedAt).not.toBeNull();
    expect(await statusOf(stale.id)).toBe('abandoned');
  });

  it('marks a scan of an older version abandoned 30 s after its last heartbeat (it has no lease)', async () => {
    const legacy = await otherProcessScan('old-version', null, 31_000);
    expect((await server.app.inject({ method: 'GET', url: '/api/scan' })).json()).toMatchObject({
      id: legacy.id,
      status: 'abandoned',
    });
    const recent = await otherProcessScan('old-version', null, 5_000);
    expect((await server.app.inject({ method: 'GET', url: '/api/scan' })).json()).toMatchObject({
      id: recent.id,
      status: 'running',
    });
    await db().updateTable('scans').set({ status: 'abandoned' }).where('id', '=', recent.id).execute();
  });

  it('never takes over a live lease, whatever the owner looks like', async () => {
    // Another container: same host name, and a PID that does not exist here (the old rule took it over).
    const other = await otherProcessScan(`${hostname()}:999999999:abcd`, 20_000, 20_000);
    const refused = await server.app.inject({ method: 'POST', url: '/api/scan', payload: {} });
    expect(refused.statusCode).toBe(409);
    expect((await server.app.inject({ method: 'GET', url: '/api/scan' })).json()).toMatchObject({
      id: other.id,
      running: true,
    });
    await db().updateTable('scans').set({ status: 'abandoned' }).where('id', '=', other.id).execute();
  });

  it('a running scan of another process blocks this one (409)', async () => {
    const other = await otherProcessScan('alive-instance', 20_000);
    const refused = await server.app.inject({ method: 'POST', url: '/api/scan', payload: {} });
    expect(refused.statusCode).toBe(409);
    // Any process can ask it to stop: the flag is in the row.
    const cancel = await server.app.inject({ method: 'DELETE', url: '/api/scan' });
    expect(cancel.statusCode).toBe(200);
    const row = await db()
      .selectFrom('scans')
      .selectAll()
      .where('id', '=', other.id)
      .executeTakeFirstOrThrow();
    expect(row.cancel_requested).toBe(1);
    await db().updateTable('scans').set({ status: 'abandoned' }).where('id', '=', other.id).execute();
  });

  it('keeps a vanished work as missing with its review, and brings it back', async () => {
    const now = new Date().toISOString();
    const user = await db()
      .insertInto('users')
      .values({
        name: `reviewer-${kind}`,
        password_hash: '',
        group: 'user',
        created_at: now,
        password_changed_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('reviews')
      .values({
        user_id: user.id,
        work_id: 100001,
        rating: 5,
        review_text: 'great',
        progress: 'listened',
        updated_at: now,
      })
      .execute();
    const away = join(library.base, 'away');
    renameSync(join(library.root, 'RJ100001 First'), away);
    const gone = await server.ctx.scans.run('incremental');
    expect(gone.counts).toMatchObject({ found: 1, removed: 1, added: 0 });
    const missing = await db()
      .selectFrom('works')
      .select(['missing'])
      .where('id', '=', 100001)
      .executeTakeFirstOrThrow();
    expect(missing.missing).toBe(1);
    const again = await server.ctx.scans.run('incremental');
    expect(again.counts).toMatchObject({ removed: 0, updated: 0 });

    renameSync(away, join(library.root, 'RJ100001 First'));
    const back = await server.ctx.scans.run('incremental');
    expect(back.counts).toMatchObject({ found: 2, updated: 1, added: 0, removed: 0 });
    const work = await db()
      .selectFrom('works')
      .select(['missing', 'title'])
      .where('id', '=', 100001)
      .executeTakeFirstOrThrow();
    expect(work).toEqual({ missing: 0, title: 'First' });
    const review = await db()
      .selectFrom('reviews')
      .selectAll()
      .where('work_id', '=', 100001)
      .executeTakeFirstOrThrow();
    expect(review).toMatchObject({ rating: 5, review_text: 'great' });
  });

  it('keeps file ids when files come and go', async () => {
    const files = () =>
      db()
        .selectFrom('files')
        .select(['path', 'file_id', 'sort_index'])
        .where('work_id', '=', 100002)
        .orderBy('sort_index')
        .execute();
    const before = await files();
    expect(before).toEqual([
      { path: 'b.wav', file_id: 1, sort_index: 0 },
      { path: 'readme.txt', file_id: 2, sort_index: 1 },
    ]);
    writeFileSync(join(library.root, 'RJ100002 Second', 'a first.txt'), 'new');
    rmSync(join(library.root, 'RJ100002 Second', 'readme.txt'));
    const state = await server.ctx.scans.run('incremental');
    expect(state.counts).toMatchObject({ updated: 1, added: 0 });
    expect(await files()).toEqual([
      { path: 'a first.txt', file_id: 3, sort_index: 0 },
      { path: 'b.wav', file_id: 1, sort_index: 1 },
    ]);
  });

  it('streams progress, logs and the end as Server-Sent Events', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as AddressInfo;
    writeFileSync(join(library.root, 'RJ100002 Second', 'broken.mp3'), '');
    const events = await readEvents(
      `http://127.0.0.1:${port}/api/scan/events`,
      (seen) => seen.some((event) => event.event === 'finished'),
      () => void server.app.inject({ method: 'POST', url: '/api/scan', payload: { mode: 'incremental' } }),
    );
    expect(events[0]?.event).toBe('progress');
    const finished = events.find((event) => event.event === 'finished')?.data as ScanState;
    expect(ScanState.parse(finished)).toMatchObject({ status: 'finished', running: false });
    expect(
      events.some(
        (event) => event.event === 'log' && (event.data as { path: string }).path.endsWith('broken.mp3'),
      ),
    ).toBe(true);
    await waitForScan();
  });
});
