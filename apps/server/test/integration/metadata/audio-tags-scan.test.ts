import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wav } from '../../helpers/hostile-library.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../../helpers/test-context.js';

const PLACEHOLDER_WORKS = [300001, 300002, 300003, 300004, 300005, 300006];

describe.each(DATABASE_KINDS)('audio tags in a scan on %s', (kind) => {
  let base: string;
  let server: TestServer;
  const work = (id: number) =>
    server.ctx.database.db.selectFrom('works').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const vasOf = async (id: number) =>
    (
      await server.ctx.database.db
        .selectFrom('work_vas')
        .innerJoin('vas', 'vas.id', 'work_vas.va_id')
        .select('vas.name')
        .where('work_vas.work_id', '=', id)
        .execute()
    ).map((row) => row.name);

  beforeAll(async () => {
    base = mkdtempSync(join(tmpdir(), 'sasayaki-tags-'));
    // Bare codes: neither a sidecar nor the name says a title, so the tags are read. (RIFF INFO tags are
    // read as Latin-1: the values are ASCII, like the placeholder 'テスト作品' they stand for.)
    const put = (name: string, tags: { album: string; artist: string }) => {
      mkdirSync(join(base, name));
      writeFileSync(join(base, name, '01.wav'), wav(0.2, tags));
    };
    for (const id of PLACEHOLDER_WORKS) put(`RJ${id}`, { album: 'Test Work', artist: 'Test VA' });
    put('RJ400001', { album: 'Real Album', artist: 'Voice A, Voice B' });
    server = await startTestServer(kind, { SASAYAKI_LIBRARY: base });
    expect((await server.ctx.scans.run('incremental')).status).toBe('finished');
  });
  afterAll(async () => {
    await server?.close();
    rmSync(base, { recursive: true, force: true });
  });

  it('takes the album as a title and the artist as voice actors', async () => {
    expect((await work(400001)).title).toBe('Real Album');
    expect((await vasOf(400001)).sort()).toEqual(['Voice A', 'Voice B']);
  });

  it('leaves out values on most of the library once the scan ends, also on a rescan', async () => {
    for (const id of PLACEHOLDER_WORKS) {
      expect((await work(id)).title).not.toBe('Test Work');
      expect(await vasOf(id)).toEqual([]);
    }
    expect((await server.ctx.scans.run('metadata')).status).toBe('finished');
    expect((await work(300003)).title).not.toBe('Test Work');
    expect(await vasOf(300003)).toEqual([]);
    expect((await work(400001)).title).toBe('Real Album');
  });
});
