import { mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ScanState, ScanState as ScanStateSchema } from '@sasayaki/api-contract';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { type DatabaseHandle, openDatabase } from '../../src/db/connection.js';
import {
  eventually,
  type ServerProcess,
  startServerProcess,
  writeSlowLibrary,
} from '../helpers/server-process.js';
import { createPostgresDatabase, DATABASE_KINDS } from '../helpers/test-context.js';

/** Real processes on two shared cores: a start takes seconds under load, so each case gets two minutes. */
const CASE_TIMEOUT_MS = 120_000;

/**
 * What happens to the catalogue when the worst happens mid-scan: the server is killed (SIGKILL, no
 * shutdown) or the library folder goes away. Real server processes from the built code (npx tsc -b).
 */
describe.each(DATABASE_KINDS)('chaos on %s', (kind) => {
  let base: string;
  let postgres: { url: string; drop(): Promise<void> } | null;
  let servers: ServerProcess[];
  let handle: DatabaseHandle | null;

  beforeEach(async () => {
    base = mkdtempSync(join(tmpdir(), 'sasayaki-chaos-'));
    postgres = kind === 'postgres' ? await createPostgresDatabase() : null;
    servers = [];
    handle = null;
  });
  afterEach(async () => {
    for (const server of servers) await server.kill();
    await handle?.close();
    await postgres?.drop();
    rmSync(base, { recursive: true, force: true });
  });

  const settings = (
    library: { root: string; ffprobePath: string },
    leaseMs = 1000,
  ): Record<string, string> => ({
    SASAYAKI_DATA: join(base, 'data'),
    SASAYAKI_LIBRARY: library.root,
    FFPROBE_PATH: library.ffprobePath,
    SASAYAKI_AUTH: 'false',
    SASAYAKI_SCAN_CONCURRENCY: '1',
    // A killed scan's lock is free again this long after its last renewal.
    SASAYAKI_SCAN_LEASE_MS: String(leaseMs),
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  });
  const start = async (env: Record<string, string>) => {
    const server = await startServerProcess(env);
    servers.push(server);
    return server;
  };
  const scanState = async (server: ServerProcess): Promise<ScanState> =>
    ScanStateSchema.parse(await (await server.request('/api/scan')).json());
  /** The database the servers use, opened by the test (after they stopped, for SQLite's integrity check). */
  const database = async () => {
    handle ??= await openDatabase(loadConfig({ ...settings({ root: '', ffprobePath: '' }) }).database);
    return handle.db;
  };
  const totalWorks = async (server: ServerProcess) =>
    (
      (await (await server.request('/api/works?pageSize=100')).json()) as {
        pagination: { totalCount: number };
      }
    ).pagination.totalCount;
  /** The catalogue's cached lists follow a scan within a second (services/catalogue-cache.ts). */
  const worksShown = (server: ServerProcess, count: number) =>
    eventually(`${count} works listed`, async () =>
      (await totalWorks(server)) === count ? true : undefined,
    );

  it(
    'a scan killed with SIGKILL is abandoned, and the restarted server finishes the job',
    async () => {
      const library = writeSlowLibrary(base, 10, 100);
      // A lease longer than a restart: the new server finds the lock still held and must wait it out.
      const first = await start(settings(library, 5000));
      const killed = await eventually('the start-up scan to commit a few works', async () => {
        const state = await scanState(first);
        return state.running && state.counts.added >= 2 ? state : undefined;
      });
      await first.kill();

      const second = await start(settings(library, 5000));
      expect((await scanState(second)).running).toBe(true);
      const finished = await eventually('the restarted server to finish a scan', async () => {
        const state = await scanState(second);
        return state.status === 'finished' ? state : undefined;
      });
      expect(finished.id).not.toBe(killed.id);
      expect(finished.counts).toMatchObject({ found: 10, failed: 0 });
      await worksShown(second, 10);
      await second.stop();

      const db = await database();
      const scans = await db.selectFrom('scans').select(['id', 'status']).orderBy('id').execute();
      expect(scans).toEqual([
        { id: killed.id, status: 'abandoned' },
        { id: finished.id, status: 'finished' },
      ]);
      const works = await db.selectFrom('works').select(['id', 'missing']).orderBy('id').execute();
      expect(works).toEqual(library.ids.map((id) => ({ id, missing: 0 })));
      // Every work has its two files once, each with the duration read (nothing half-written survived).
      const files = await db
        .selectFrom('files')
        .select(['work_id', 'path', 'duration'])
        .orderBy('work_id')
        .orderBy('path')
        .execute();
      expect(files).toEqual(
        library.ids.flatMap((id) => [
          { work_id: id, path: 'bonus.wav', duration: expect.any(Number) },
          { work_id: id, path: 'track.mp3', duration: 60.5 },
        ]),
      );
      if (kind === 'sqlite') {
        const check = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(db);
        expect(check.rows).toEqual([{ integrity_check: 'ok' }]);
      }
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'a library folder gone mid-scan deletes nothing; works hidden while it is empty come back',
    async () => {
      const library = writeSlowLibrary(base, 10, 100);
      const server = await start(settings(library));
      await eventually('the start-up scan to finish', async () =>
        (await scanState(server)).status === 'finished' ? true : undefined,
      );
      const db = await database();
      const now = new Date().toISOString();
      const listener = await db
        .insertInto('users')
        .values({
          name: 'listener',
          password_hash: '',
          group: 'user',
          created_at: now,
          password_changed_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const reviewed = library.ids.slice(0, 3).map((workId, index) => ({
        user_id: listener.id,
        work_id: workId,
        rating: index + 3,
        review_text: `review ${index}`,
        progress: 'listening',
        updated_at: now,
      }));
      await db.insertInto('reviews').values(reviewed).execute();
      const reviewsNow = () =>
        db.selectFrom('reviews').selectAll().orderBy('work_id').execute() as Promise<typeof reviewed>;
      const filesNow = () =>
        db.selectFrom('files').select(['work_id', 'path']).orderBy('work_id').orderBy('path').execute();
      const filesBefore = await filesNow();

      // The library folder goes away while a full scan reads it (an unmounted disk, a renamed folder).
      const started = await server.request('/api/scan', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mode: 'full' }),
      });
      expect(started.status).toBe(202);
      await eventually('the full scan to be under way', async () => {
        const state = await scanState(server);
        return state.running && state.counts.updated >= 2 ? true : undefined;
      });
      const away = `${library.root}.away`;
      renameSync(library.root, away);
      const cut = await eventually('the scan to end', async () => {
        const state = await scanState(server);
        return state.running ? undefined : state;
      });
      expect(cut.status).toBe('finished');
      expect(cut.counts.removed).toBe(0);
      expect(await totalWorks(server)).toBe(10);
      expect(await filesNow()).toEqual(filesBefore);
      expect(await reviewsNow()).toEqual(reviewed);

      // An empty mount point (the disk not mounted yet): the works are unavailable (hidden, not removed),
      // their data kept.
      mkdirSync(library.root);
      const empty = await runScan(server, 'incremental');
      expect(empty.counts).toMatchObject({ found: 0, removed: 0 });
      expect(empty.unavailableRoots).toEqual([{ path: library.root, works: 10, since: expect.any(String) }]);
      await worksShown(server, 0);
      expect(await reviewsNow()).toEqual(reviewed);

      // The disk is back: every work returns with its files and its listeners' reviews.
      rmSync(library.root, { recursive: true });
      renameSync(away, library.root);
      const back = await runScan(server, 'incremental');
      // Back before the scan reads them: none read again.
      expect(back.counts).toMatchObject({ found: 10, removed: 0, failed: 0, unchanged: 10 });
      expect(back.unavailableRoots).toEqual([]);
      await worksShown(server, 10);
      expect(await filesNow()).toEqual(filesBefore);
      expect(await reviewsNow()).toEqual(reviewed);
      const works = await db.selectFrom('works').select(['id', 'missing']).orderBy('id').execute();
      expect(works).toEqual(library.ids.map((id) => ({ id, missing: 0 })));
    },
    CASE_TIMEOUT_MS,
  );

  /** Starts a scan through the API and waits for its end. */
  async function runScan(server: ServerProcess, mode: string): Promise<ScanState> {
    const response = await server.request('/api/scan', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode }),
    });
    expect(response.status).toBe(202);
    const { id } = ScanStateSchema.parse(await response.json());
    return eventually(`scan ${id} to end`, async () => {
      const state = await scanState(server);
      return state.id === id && !state.running ? state : undefined;
    });
  }
});
