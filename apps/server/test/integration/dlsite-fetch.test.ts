import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MetadataFetchProgress } from '@sasayaki/api-contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureServer, startDlsiteFixtureServer } from '../../src/tools/dlsite-fixture-server.js';
import { FIXTURE_WORKS } from '../helpers/dlsite-fixtures.js';
import { metadataFetchEnded, workInfo, writeBareWorks } from '../helpers/metadata-fetch.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../helpers/test-context.js';

/** Folder names as collectors write them, with no workinfo.json anywhere. */
const FOLDERS: Record<string, string> = {
  RJ146932: "(同人音声) [120702][RJ146932][そよかぜの部屋] Sleepy Maid's Ear Cleaning",
  RJ01324958: 'RJ01324958',
  RJ01400001: '[雨宿り] Healing Rain Sounds (RJ01400001)',
  RJ01500000: 'RJ01500000_新作',
  RJ200001: '配信終了【RJ200001】',
};

const base = mkdtempSync(join(tmpdir(), 'sasayaki-dlsite-library-'));
const library = join(base, 'library');
let fixture: FixtureServer;

beforeAll(async () => {
  writeBareWorks(library, FOLDERS);
  // One work has a cover image of its own: it wins over DLsite's.
  const local = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#aa2222' } })
    .png()
    .toBuffer();
  writeFileSync(join(library, FOLDERS.RJ01324958 as string, 'cover.png'), local);
  fixture = await startDlsiteFixtureServer(FIXTURE_WORKS);
});
afterAll(async () => {
  await fixture.close();
  rmSync(base, { recursive: true, force: true });
});

describe.each(DATABASE_KINDS)('DLsite metadata behind a scan on %s', (kind) => {
  let server: TestServer;
  const work = (code: string) => workInfo(server, code);
  const fetchEnded = () => metadataFetchEnded(server);

  beforeAll(async () => {
    // DLsite on as the installation starts (config.json), so the Settings route may switch it.
    server = await startTestServer(
      kind,
      {
        SASAYAKI_LIBRARY: library,
        SASAYAKI_DLSITE_URL: fixture.url,
        SASAYAKI_DLSITE_RATE: '100',
        // Not the defaults (7 and 7), so the schedule's test tells which wait each answer gets.
        SASAYAKI_DLSITE_REFRESH_DAYS: '3',
        SASAYAKI_DLSITE_NOT_FOUND_DAYS: '5',
      },
      { file: { metadata: { dlsite: { enabled: true } } } },
    );
    const scan = await server.ctx.scans.run('incremental');
    expect(scan.status).toBe('finished');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('fetches every work after the scan, and counts what it found', async () => {
    const progress = await fetchEnded();
    expect(progress).toMatchObject({
      enabled: true,
      done: 5,
      fetched: 4,
      notFound: 1,
      failed: 0,
      waiting: 0,
    });
  });

  it('gives a work with a bare folder name its circle, voice actors, tags in three languages, ratings, price and sales', async () => {
    const maid = await work('RJ146932');
    expect(maid.title).toBe('眠りのメイドの耳かき');
    expect(maid.circle).toEqual({ id: 12345, name: 'そよかぜの部屋' });
    expect(maid.vas.map((va) => va.name)).toEqual(['柚木つばめ', '涼花みなせ']);
    expect(maid.tags.find((tag) => tag.id === 163)?.i18n).toEqual({
      'ja-jp': { name: '耳かき' },
      'en-us': { name: 'Ear Cleaning' },
      'zh-cn': { name: '掏耳朵' },
    });
    expect(maid).toMatchObject({
      release: '2012-07-02',
      price: 1100,
      dl_count: 12345,
      rate_average_2dp: 4.62,
      rate_count: 200,
      review_count: 21,
      nsfw: false,
    });
    const rain = await work('RJ01324958');
    expect(rain.circle).toEqual({ id: 1012345, name: '雨宿り' });
    // The same voice actor from two works is one label.
    expect(rain.vas[0]?.id).toBe(maid.vas.find((va) => va.name === '涼花みなせ')?.id);
  });

  it('makes covers from DLsite’s image unless the folder has one; a translation takes its original’s', async () => {
    const rows = await server.ctx.database.db
      .selectFrom('works')
      .select(['id', 'cover_key', 'cover_source'])
      .orderBy('id')
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(146932)?.cover_source).toMatch(
      /^remote:http:\/\/127\.0\.0\.1:\d+\/.*RJ146932_img_main\.jpg$/,
    );
    expect(byId.get(1400001)?.cover_key).toBe(byId.get(1500000)?.cover_key);
    expect(byId.get(1400001)?.cover_key).not.toBeNull();
    expect(byId.get(1324958)?.cover_source).toMatch(/^file:/);
    expect(byId.get(200001)?.cover_key).toBeNull();
    const cover = await server.app.inject({ method: 'GET', url: '/api/cover/RJ146932?type=240x240' });
    expect(cover.statusCode).toBe(200);
    const size = await sharp(cover.rawPayload).metadata();
    expect([size.width, size.height]).toEqual([240, 240]);
  });

  it('keeps DLsite’s values and cover through a rescan of the metadata', async () => {
    const scan = await server.ctx.scans.run('metadata');
    expect(scan.status).toBe('finished');
    await fetchEnded();
    const maid = await work('RJ146932');
    expect(maid.circle?.name).toBe('そよかぜの部屋');
    expect(maid.dl_count).toBe(12345);
    const row = await server.ctx.database.db
      .selectFrom('works')
      .select('cover_source')
      .where('id', '=', 146932)
      .executeTakeFirstOrThrow();
    expect(row.cover_source).toMatch(/^remote:/);
  });

  it('refreshes one work on request, and answers 404, 400 and 409 where it must (DLsite off: locals only)', async () => {
    const refresh = (id: string) =>
      server.app.inject({ method: 'POST', url: `/api/admin/works/${id}/refresh-metadata` });
    const delisted = await refresh('RJ200001');
    expect(delisted.statusCode).toBe(200);
    expect(delisted.json()).toEqual({
      id: 200001,
      source_id: 'RJ200001',
      status: 'not_found',
      message: 'not found at DLsite',
    });
    expect((await refresh('RJ999999')).statusCode).toBe(404);
    expect((await refresh('not-a-code')).statusCode).toBe(400);
    const off = await server.app.inject({
      method: 'PUT',
      url: '/api/config/admin',
      payload: { dlsiteFetch: false },
    });
    expect(off.json()).toMatchObject({ dlsiteFetch: false });
    // With DLsite off a refresh still reads the local providers again (refresh-local.test.ts).
    const localOnly = await refresh('RJ146932');
    expect(localOnly.statusCode).toBe(200);
    expect(localOnly.json()).toMatchObject({
      status: 'ok',
      message: 'Local metadata read again; DLsite not asked: DLsite fetching is off',
    });
    expect((await server.app.inject({ method: 'POST', url: '/api/scan/metadata' })).statusCode).toBe(409);
    await server.app.inject({ method: 'PUT', url: '/api/config/admin', payload: { dlsiteFetch: true } });
    // Nothing is due: a started run ends at once.
    const started = await server.app.inject({ method: 'POST', url: '/api/scan/metadata' });
    expect(started.statusCode).toBe(202);
    expect(MetadataFetchProgress.parse(started.json()).enabled).toBe(true);
    expect((await fetchEnded()).done).toBe(0);
  });

  it('asks DLsite again once a work’s time comes: the refresh wait after an answer, the not-found wait after none', async () => {
    const DAY_MS = 86_400_000;
    const dlsiteRow = (workId: number) =>
      server.ctx.database.db
        .selectFrom('work_metadata')
        .select(['status', 'fetched_at', 'next_fetch_at'])
        .where('work_id', '=', workId)
        .where('provider', '=', 'dlsite')
        .executeTakeFirstOrThrow();
    const waitOf = (row: { fetched_at: string; next_fetch_at: string | null }) =>
      Date.parse(row.next_fetch_at ?? '') - Date.parse(row.fetched_at);
    const found = await dlsiteRow(146932);
    const delisted = await dlsiteRow(200001);
    expect(found.status).toBe('ok');
    expect(delisted.status).toBe('not_found');
    // The ratings, sales and price of a found work are asked again after the refresh wait (3 days here);
    // a work DLsite did not know after the not-found wait (5 days here). Within a second of the save.
    expect(Math.abs(waitOf(found) - 3 * DAY_MS)).toBeLessThan(1000);
    expect(Math.abs(waitOf(delisted) - 5 * DAY_MS)).toBeLessThan(1000);

    // Nothing is due before then; once the time has come (moved back here), the next run asks for those works.
    const idle = await server.app.inject({ method: 'POST', url: '/api/scan/metadata' });
    expect(idle.statusCode).toBe(202);
    expect((await fetchEnded()).done).toBe(0);
    const past = new Date(Date.now() - 60_000).toISOString();
    await server.ctx.database.db
      .updateTable('work_metadata')
      .set({ next_fetch_at: past })
      .where('provider', '=', 'dlsite')
      .where('work_id', 'in', [146932, 200001])
      .execute();
    const due = await server.app.inject({ method: 'POST', url: '/api/scan/metadata' });
    expect(due.statusCode).toBe(202);
    expect(await fetchEnded()).toMatchObject({ done: 2, fetched: 1, notFound: 1, failed: 0, waiting: 0 });
    expect(Date.parse((await dlsiteRow(146932)).fetched_at)).toBeGreaterThan(Date.parse(found.fetched_at));
    expect(Date.parse((await dlsiteRow(200001)).next_fetch_at ?? '')).toBeGreaterThan(
      Date.now() + 4 * DAY_MS,
    );
  });
});
