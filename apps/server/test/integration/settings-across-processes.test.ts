import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../helpers/server-process.js';
import {
  createTestPlace,
  DATABASE_KINDS,
  startTestServer,
  type TestPlace,
  type TestServer,
} from '../helpers/test-context.js';

/**
 * Two server processes on one database (issue 15): what one saves on the Settings page applies in the other
 * within a few seconds, without a restart (PostgreSQL: NOTIFY, else the periodic check; SQLite: the check).
 * Two contexts in this process stand for the two processes: each has its own configuration object,
 * connections and follower, as separate processes have.
 */
describe.each(DATABASE_KINDS)('settings saved by another process on %s', (kind) => {
  const FEW_SECONDS = 8_000;
  let place: TestPlace;
  let saving: TestServer;
  let other: TestServer;
  let folder: string;

  beforeAll(async () => {
    place = await createTestPlace(kind);
    saving = await startTestServer(kind, {}, { place });
    other = await startTestServer(kind, {}, { place });
    folder = mkdtempSync(join(tmpdir(), 'sasayaki-followed-folder-'));
  });
  afterAll(async () => {
    await saving?.ctx.scans.waitForLocalScan();
    await other?.close();
    await saving?.close();
    await place?.remove();
    rmSync(folder, { recursive: true, force: true });
  });

  const preflight = (server: TestServer) =>
    server.app.inject({
      method: 'OPTIONS',
      url: '/api/works',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'GET' },
    });

  it('applies limits, scanning, streams, CORS and library folders in the other process', async () => {
    expect((await preflight(other)).headers['access-control-allow-origin']).toBeUndefined();
    const saved = await saving.app.inject({
      method: 'PUT',
      url: '/api/config/admin',
      payload: {
        scanDepth: 3,
        guestRequestsPerMinute: 7,
        transcodeBitrateKbps: 64,
        corsOrigins: ['https://app.example'],
        libraryDirs: [folder],
      },
    });
    expect(saved.statusCode).toBe(200);

    const { config } = other.ctx;
    await eventually(
      'the other process to follow',
      async () => (config.scan.maxDepth === 3 ? true : undefined),
      FEW_SECONDS,
    );
    expect(config.limits.guestRequestsPerMinute).toBe(7);
    expect(config.transcode.bitrateKbps).toBe(64);
    expect(other.ctx.libraryRoots.list()).toEqual([folder]);
    expect(config.libraryDirs).toEqual([folder]);
    expect((await preflight(other)).headers['access-control-allow-origin']).toBe('https://app.example');
    const view = (await other.app.inject({ method: 'GET', url: '/api/config/admin' })).json();
    expect(view).toMatchObject({ scanDepth: 3, libraryDirs: [folder], sources: { scanDepth: 'saved' } });

    // A folder removed there is not served here any more (its works, hidden by the saving process).
    await saving.ctx.scans.waitForLocalScan();
    expect(
      (await saving.app.inject({ method: 'PUT', url: '/api/config/admin', payload: { libraryDirs: [] } }))
        .statusCode,
    ).toBe(200);
    await eventually(
      'the folder to go',
      async () => (other.ctx.libraryRoots.has(folder) ? undefined : true),
      FEW_SECONDS,
    );
  });
});
