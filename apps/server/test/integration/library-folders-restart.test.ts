import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wav } from '../helpers/hostile-library.js';
import { eventually } from '../helpers/server-process.js';
import {
  createTestPlace,
  DATABASE_KINDS,
  startTestServer,
  type TestPlace,
  type TestServer,
} from '../helpers/test-context.js';

/** Work folders of one short WAV each, named by their codes. */
function writeLibrary(root: string, ids: readonly number[]): void {
  for (const id of ids) {
    mkdirSync(join(root, `RJ${id} Work`), { recursive: true });
    writeFileSync(join(root, `RJ${id} Work`, '01 track.wav'), wav(0.05));
  }
}

/**
 * A library folder taken out of the configuration while the server was down (issue 15): at the next start
 * its works are hidden and its files are not served, exactly as a removal on the Settings page; configured
 * again, the folder is scanned and its works come back with their reviews. The media routes serve files of
 * configured folders only, whatever the index says.
 */
describe.each(DATABASE_KINDS)('a library folder removed between restarts on %s', (kind) => {
  const A_WORK = 410_001;
  const B_WORKS = [420_001, 420_002];
  let base: string;
  let place: TestPlace;
  let folderA: string;
  let folderB: string;
  let server: TestServer | undefined;

  const start = async (folders: string[]) => {
    server = await startTestServer(kind, { SASAYAKI_LIBRARY: folders.join(delimiter) }, { place });
    return server;
  };
  const stop = async () => {
    await server?.close();
    server = undefined;
  };
  const get = (url: string) => (server as TestServer).app.inject({ method: 'GET', url });
  const listed = async () => (await get('/api/works')).json().pagination.totalCount as number;
  const streamUrl = async (workId: number) => {
    const file = await (server as TestServer).ctx.database.db
      .selectFrom('files')
      .select('file_id')
      .where('work_id', '=', workId)
      .executeTakeFirstOrThrow();
    return `/api/media/stream/${workId}/${file.file_id}`;
  };

  beforeAll(async () => {
    base = mkdtempSync(join(tmpdir(), 'sasayaki-folder-restart-'));
    folderA = join(base, 'a');
    folderB = join(base, 'b');
    writeLibrary(folderA, [A_WORK]);
    writeLibrary(folderB, B_WORKS);
    place = await createTestPlace(kind);
  });
  afterAll(async () => {
    await stop();
    await place?.remove();
    rmSync(base, { recursive: true, force: true });
  });

  it('hides the works of a folder no longer configured, refuses its files with 404, and brings them back', async () => {
    const first = await start([folderA, folderB]);
    expect((await first.ctx.scans.run('incremental')).status).toBe('finished');
    expect(await listed()).toBe(3);
    const [bWork] = B_WORKS as [number];
    const review = await first.app.inject({
      method: 'PUT',
      url: '/api/review',
      payload: { work_id: bWork, rating: 4 },
    });
    expect(review.statusCode).toBe(200);
    const bStream = await streamUrl(bWork);
    expect((await get(bStream)).statusCode).toBe(200);
    await stop();

    // Restarted with folder A only: B's works are hidden before the first request, never deleted.
    const second = await start([folderA]);
    expect(await listed()).toBe(1);
    expect((await get(`/api/work/${bWork}`)).statusCode).toBe(404);
    expect((await get(bStream)).statusCode).toBe(404);
    expect((await get(`/api/media/download-work/${bWork}`)).statusCode).toBe(404);
    expect((await get(await streamUrl(A_WORK))).statusCode).toBe(200);
    const rows = await second.ctx.database.db.selectFrom('works').select(['id', 'missing']).execute();
    expect(rows).toHaveLength(3);
    // A row that points into a folder not configured (a scan elsewhere committing it, a stale index) is
    // still refused when the file is asked for.
    await second.ctx.database.db.updateTable('works').set({ missing: 0 }).where('id', '=', bWork).execute();
    expect((await get(bStream)).statusCode).toBe(404);
    expect((await get(`/api/media/download-work/${bWork}`)).statusCode).toBe(404);
    await second.ctx.database.db.updateTable('works').set({ missing: 1 }).where('id', '=', bWork).execute();
    await stop();

    // Folder B configured again: it is scanned, and its works are back with their review.
    const third = await start([folderA, folderB]);
    expect((await third.ctx.scans.waitForLocalScan())?.status).toBe('finished');
    await eventually('3 works listed', async () => ((await listed()) === 3 ? true : undefined));
    expect((await get(`/api/work/${bWork}`)).json()).toMatchObject({ id: bWork, userRating: 4 });
    expect((await get(bStream)).statusCode).toBe(200);
    await stop();

    // The same folders again: nothing is hidden and no scan is started.
    const fourth = await start([folderA, folderB]);
    expect(await fourth.ctx.scans.waitForLocalScan()).toBeNull();
    expect(await listed()).toBe(3);
  });
});
