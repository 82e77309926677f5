import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureServer, startDlsiteFixtureServer } from '../../src/tools/dlsite-fixture-server.js';
import { metadataFetchEnded, workInfo, writeBareWorks } from '../helpers/metadata-fetch.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../helpers/test-context.js';

/** Works DLsite does not know (the fixture server answers `[]` for every code it has no fixture of). */
const FOLDERS: Record<string, string> = {
  RJ200001: '配信終了【RJ200001】',
  RJ01200002: 'RJ01200002',
  RJ200003: 'RJ200003',
};

/** asmr.one's answer for the delisted work, in the `Work` shape of /api/workInfo (shared/api-contract.md). */
const DELISTED_WORK = {
  id: 200001,
  title: '雨音の子守唄',
  circle_id: 54321,
  name: '夜更かし工房',
  circle: { id: 54321, name: '夜更かし工房' },
  vas: [{ id: '8a1f0c1e-0000-4000-8000-000000000001', name: '春日ひより' }],
  tags: [
    {
      id: 497,
      name: 'ASMR',
      i18n: { 'ja-jp': { name: 'ASMR' }, 'en-us': { name: 'ASMR' }, 'zh-cn': { name: 'ASMR' } },
    },
    { id: 163, name: '耳かき', i18n: { 'en-us': { name: 'Ear Cleaning' }, 'zh-cn': { name: '掏耳朵' } } },
  ],
  release: '2019-03-15',
  price: 880,
  dl_count: 4321,
  nsfw: false,
  age_category_string: 'general',
  rate_average_2dp: 4.5,
  rate_count: 120,
  rate_count_detail: [{ review_point: 5, count: 80, ratio: 67 }],
  review_count: 9,
  // Relative, as kikoeru servers link covers: taken from the configured asmr.one address.
  mainCoverUrl: '/api/cover/200001.jpg?type=main',
  // Fields Sasayaki does not read are ignored.
  has_subtitle: true,
};

const base = mkdtempSync(join(tmpdir(), 'sasayaki-asmrone-library-'));
const library = join(base, 'library');
let fixture: FixtureServer;

beforeAll(async () => {
  writeBareWorks(library, FOLDERS);
  fixture = await startDlsiteFixtureServer([], {
    asmrone: { RJ200001: JSON.stringify(DELISTED_WORK), RJ200003: '{"id":200003,"title":"切' },
  });
});
afterAll(async () => {
  await fixture.close();
  rmSync(base, { recursive: true, force: true });
});

describe.each(DATABASE_KINDS)('asmr.one metadata for works DLsite does not know on %s', (kind) => {
  const servers: TestServer[] = [];
  const started = async (asmrone: boolean): Promise<TestServer> => {
    const server = await startTestServer(kind, {
      SASAYAKI_LIBRARY: library,
      SASAYAKI_DLSITE: 'true',
      SASAYAKI_DLSITE_URL: fixture.url,
      SASAYAKI_DLSITE_RATE: '100',
      SASAYAKI_ASMRONE: String(asmrone),
      SASAYAKI_ASMRONE_URL: fixture.url,
    });
    servers.push(server);
    expect((await server.ctx.scans.run('incremental')).status).toBe('finished');
    await metadataFetchEnded(server);
    return server;
  };
  const answers = (server: TestServer, provider: string) =>
    server.ctx.database.db
      .selectFrom('work_metadata')
      .select(['work_id', 'status', 'message'])
      .where('provider', '=', provider)
      .orderBy('work_id')
      .execute();

  afterAll(async () => {
    for (const server of servers) await server.close();
  });

  it('fills a delisted work from asmr.one when switched on, and records a 404 and broken JSON per work', async () => {
    const server = await started(true);
    const progress = await metadataFetchEnded(server);
    // Found at asmr.one counts as fetched; the others stay "not found" (at DLsite).
    expect(progress).toMatchObject({ done: 3, fetched: 1, notFound: 2, failed: 0 });
    const delisted = await workInfo(server, 'RJ200001');
    expect(delisted).toMatchObject({
      title: '雨音の子守唄',
      circle: { id: 54321, name: '夜更かし工房' },
      release: '2019-03-15',
      price: 880,
      dl_count: 4321,
      rate_average_2dp: 4.5,
      rate_count: 120,
      review_count: 9,
      nsfw: false,
    });
    expect(delisted.vas.map((va) => va.name)).toEqual(['春日ひより']);
    expect(delisted.tags.find((tag) => tag.id === 163)?.i18n).toEqual({
      'ja-jp': { name: '耳かき' },
      'en-us': { name: 'Ear Cleaning' },
      'zh-cn': { name: '掏耳朵' },
    });
    expect(await answers(server, 'asmrone')).toEqual([
      { work_id: 200001, status: 'ok', message: null },
      {
        work_id: 200003,
        status: 'unreadable',
        message: expect.stringMatching(/^asmr\.one workInfo is not JSON/),
      },
      { work_id: 1200002, status: 'not_found', message: 'not found at asmr.one' },
    ]);
    // The other works keep what the folder gave them, and are still served.
    expect((await workInfo(server, 'RJ200003')).title).toBe('RJ200003');
    expect((await workInfo(server, 'RJ01200002')).title).toBe('RJ01200002');
  });

  it('makes the cover asmr.one links into the three variants, as DLsite’s', async () => {
    const server = servers[0] as TestServer;
    const covers = await server.ctx.database.db
      .selectFrom('works')
      .select(['id', 'cover_key', 'cover_source'])
      .orderBy('id')
      .execute();
    const byId = new Map(covers.map((row) => [row.id, row]));
    expect(byId.get(200001)?.cover_source).toMatch(
      /^remote:http:\/\/127\.0\.0\.1:\d+\/api\/cover\/200001\.jpg/,
    );
    expect(byId.get(200003)?.cover_key).toBeNull();
    for (const [type, width] of [
      ['main', null],
      ['sam', null],
      ['240x240', 240],
    ] as const) {
      const cover = await server.app.inject({ method: 'GET', url: `/api/cover/RJ200001?type=${type}` });
      expect(cover.statusCode, type).toBe(200);
      const size = await sharp(cover.rawPayload).metadata();
      if (width !== null) expect(size.width, type).toBe(width);
    }
  });

  it('asks asmr.one nothing when it is off (the default)', async () => {
    const asked = () => fixture.requests.filter((path) => /^\/api\/(workInfo|cover)\//.test(path)).length;
    const before = asked();
    const server = await started(false);
    expect(asked()).toBe(before);
    expect(await answers(server, 'asmrone')).toEqual([]);
    const delisted = await workInfo(server, 'RJ200001');
    expect(delisted.title).not.toBe('雨音の子守唄');
    expect(delisted.price ?? 0).toBe(0);
  });
});
