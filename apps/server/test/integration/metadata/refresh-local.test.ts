import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wav } from '../../helpers/hostile-library.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../../helpers/test-context.js';

/**
 * "Refresh metadata" of one work reads its local providers again (issue 12's leftover): a sidecar edited
 * or added on disk, and retagged audio, show after the refresh, without a scan.
 */
describe.each(DATABASE_KINDS)('refreshing one work’s local metadata on %s', (kind) => {
  let base: string;
  let server: TestServer;
  const title = async (id: number) =>
    (
      await server.ctx.database.db
        .selectFrom('works')
        .select('title')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).title;
  const refresh = (id: string) =>
    server.app.inject({ method: 'POST', url: `/api/admin/works/${id}/refresh-metadata` });
  const scans = async () =>
    Number(
      (
        await server.ctx.database.db
          .selectFrom('scans')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const sidecar = (folder: string, info: object) =>
    writeFileSync(join(base, folder, 'workinfo.json'), JSON.stringify(info));

  beforeAll(async () => {
    base = mkdtempSync(join(tmpdir(), 'sasayaki-refresh-'));
    for (const folder of ['RJ500001', 'RJ500002 Folder Title']) {
      mkdirSync(join(base, folder));
      writeFileSync(join(base, folder, 'readme.txt'), 'notes\n');
    }
    sidecar('RJ500001', { title: 'Before', circle: { id: 51, name: 'Old Circle' } });
    // A bare code: the audio tags give the title.
    mkdirSync(join(base, 'RJ500003'));
    writeFileSync(join(base, 'RJ500003', '01.wav'), wav(0.2, { album: 'Old Album', artist: 'Voice A' }));
    server = await startTestServer(kind, { SASAYAKI_LIBRARY: base });
    expect((await server.ctx.scans.run('incremental')).status).toBe('finished');
  });
  afterAll(async () => {
    await server?.close();
    rmSync(base, { recursive: true, force: true });
  });

  it('shows an edited sidecar after a refresh, without scanning', async () => {
    expect(await title(500001)).toBe('Before');
    sidecar('RJ500001', { title: 'After', circle: { id: 52, name: 'New Circle' } });
    const before = await scans();
    const response = await refresh('RJ500001');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      id: 500001,
      source_id: 'RJ500001',
      status: 'ok',
      message: 'Local metadata read again; DLsite not asked: DLsite fetching is off',
    });
    expect(await scans()).toBe(before);
    const work = await server.app.inject({ method: 'GET', url: '/api/work/RJ500001' });
    expect(work.json()).toMatchObject({ title: 'After', circle: { id: 52, name: 'New Circle' } });
  });

  it('reads a sidecar added since the scan, over the folder name', async () => {
    expect(await title(500002)).toBe('Folder Title');
    sidecar('RJ500002 Folder Title', { title: 'From the sidecar' });
    expect((await refresh('RJ500002')).statusCode).toBe(200);
    expect(await title(500002)).toBe('From the sidecar');
  });

  it('reads the audio tags again where the sidecar and the folder name leave the title unknown', async () => {
    expect(await title(500003)).toBe('Old Album');
    writeFileSync(join(base, 'RJ500003', '01.wav'), wav(0.2, { album: 'New Album', artist: 'Voice A' }));
    expect((await refresh('RJ500003')).statusCode).toBe(200);
    expect(await title(500003)).toBe('New Album');
  });

  it('answers 404 for a work that is not in the library', async () => {
    expect((await refresh('RJ599999')).statusCode).toBe(404);
  });
});
