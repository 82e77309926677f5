import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Work, WorkMetadataSources } from '@sasayaki/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wav } from '../../helpers/hostile-library.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../../helpers/test-context.js';

const base = mkdtempSync(join(tmpdir(), 'sasayaki-metadata-'));
const root = join(base, 'library');

function put(folder: string, files: Record<string, string | Buffer>): void {
  mkdirSync(join(root, folder), { recursive: true });
  for (const [name, content] of Object.entries(files)) writeFileSync(join(root, folder, name), content);
}

beforeAll(() => {
  put('RJ300001 [Folder Circle] Folder Title', { 'track.wav': wav(0.1) });
  put('RJ300004', { 'notes.txt': 'no metadata anywhere' });
  put('RJ300002 English edition', {
    'track.wav': wav(0.1),
    'workinfo.json': JSON.stringify({
      title: 'The English edition',
      lang: 'ENG',
      original_workno: 'RJ300003',
      translation_info: { is_translation: true, original_workno: 'RJ300003', lang: 'ENG' },
      language_editions: [
        { workno: 'RJ300003', lang: 'JPN', label: '日本語', display_order: 1 },
        { workno: 'RJ300002', lang: 'ENG', label: 'English', display_order: 2, edition_type: 'language' },
      ],
      source_type: 'DLSITE',
      source_url: 'https://www.dlsite.com/maniax/work/=/product_id/RJ300002.html',
      series: { id: 'SRI0000001', name: 'A series' },
    }),
  });
  put('RJ300003 Original', {
    'track.wav': wav(0.1),
    'workinfo.json': JSON.stringify({ title: 'The original', lang: 'JPN', age_category_string: 'adult' }),
  });
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** Issue 12 items 1, 4 and 8: providers merged per field, kept across rescans; never a null circle or nsfw. */
describe.each(DATABASE_KINDS)('metadata providers and the merge on %s', (kind) => {
  let server: TestServer;
  const db = () => server.ctx.database.db;
  const workInfo = async (id: number): Promise<Work> => {
    const response = await server.app.inject({ method: 'GET', url: `/api/workInfo/${id}` });
    expect(response.statusCode).toBe(200);
    return Work.parse(response.json());
  };
  const fieldSources = async (id: number) =>
    JSON.parse(
      (await db().selectFrom('works').select('field_sources').where('id', '=', id).executeTakeFirstOrThrow())
        .field_sources,
    );

  beforeAll(async () => {
    server = await startTestServer(kind, { SASAYAKI_LIBRARY: root });
    await server.ctx.scans.run('incremental');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('gives a work with no metadata at all a circle object, a boolean nsfw and its folder as title', async () => {
    const work = await workInfo(300004);
    expect(work).toMatchObject({
      title: 'RJ300004',
      circle: { id: 0, name: '' },
      circle_id: 0,
      name: '',
      nsfw: false,
      age_category_string: null,
      language_editions: [],
      other_language_editions_in_db: [],
      translation_info: {},
      source_type: 'DLSITE',
      series: null,
    });
    // No circle has id 0: an old client following the unknown circle's link finds no works.
    const circle = await server.app.inject({ method: 'GET', url: '/api/circles/0/works' });
    expect(circle.statusCode === 404 || circle.json().works.length === 0, circle.body).toBe(true);
  });

  it('takes title and circle from the folder name of a work with no sidecar, and records the sources', async () => {
    const work = await workInfo(300001);
    expect(work.title).toBe('Folder Title');
    expect(work.circle.name).toBe('Folder Circle');
    expect(work.circle.id).toBeGreaterThan(0);
    expect(work.circle_id).toBe(work.circle.id);
    expect(work.nsfw).toBe(false);
    expect(await fieldSources(300001)).toMatchObject({ title: 'folder', circle: 'folder' });
    const rows = await db()
      .selectFrom('work_metadata')
      .select(['provider', 'status'])
      .where('work_id', '=', 300001)
      .orderBy('provider')
      .execute();
    expect(rows).toEqual([
      { provider: 'folder', status: 'ok' },
      { provider: 'tags', status: 'ok' },
      { provider: 'workinfo', status: 'ok' },
    ]);
  });

  it('keeps a DLsite value and a hand edit through rescans of every mode, the folder still filling the rest', async () => {
    await server.ctx.metadata.saveProviderResult(300001, 'dlsite', {
      status: 'ok',
      data: {
        title: 'DLsite Title',
        price: 1320,
        tags: [{ id: 497, name: 'ASMR', i18n: { 'en-us': { name: 'ASMR' }, 'ja-jp': { name: 'ASMR' } } }],
        age: 'adult',
      },
      nextFetchAt: '2099-01-01T00:00:00.000Z',
    });
    await db()
      .insertInto('work_edits')
      .values({
        work_id: 300001,
        field: 'release',
        value: JSON.stringify('2001-02-03'),
        edited_at: new Date().toISOString(),
        edited_by: 'admin',
      })
      .execute();
    await server.ctx.metadata.remergeWork(300001);

    for (const mode of ['incremental', 'metadata', 'full'] as const) {
      await server.ctx.scans.run(mode);
      const work = await workInfo(300001);
      expect(work, mode).toMatchObject({
        title: 'DLsite Title',
        price: 1320,
        release: '2001-02-03',
        nsfw: true,
        age_category_string: 'adult',
        circle: { name: 'Folder Circle' },
        tags: [{ id: 497, name: 'ASMR' }],
      });
      expect(await fieldSources(300001), mode).toEqual({
        title: 'dlsite',
        circle: 'folder',
        tags: 'dlsite',
        release: 'edit',
        price: 'dlsite',
        age: 'dlsite',
      });
    }
    // The search text follows the merge: DLsite's title and tag find the work.
    const search = await server.app.inject({ method: 'GET', url: '/api/search/dlsite%20title' });
    expect(search.json().works.map((work: Work) => work.id)).toEqual([300001]);
  });

  it('tells administrators where each field came from and how each provider last answered', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/admin/works/RJ300001/metadata-sources',
    });
    expect(response.statusCode).toBe(200);
    const sources = WorkMetadataSources.parse(response.json());
    expect(sources).toMatchObject({
      id: 300001,
      source_id: 'RJ300001',
      order: ['workinfo', 'dlsite', 'asmrone', 'kikoeru', 'folder', 'tags'],
      fields: { title: 'dlsite', circle: 'folder', release: 'edit' },
    });
    expect(sources.providers.map((row) => [row.provider, row.status])).toEqual([
      ['workinfo', 'ok'],
      ['dlsite', 'ok'],
      ['folder', 'ok'],
      ['tags', 'ok'],
    ]);
    expect(sources.providers[1]?.next_fetch_at).toBe('2099-01-01T00:00:00.000Z');
    const missing = await server.app.inject({
      method: 'GET',
      url: '/api/admin/works/RJ999999/metadata-sources',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: expect.any(String) });
    const bad = await server.app.inject({ method: 'GET', url: '/api/admin/works/nope/metadata-sources' });
    expect(bad.statusCode).toBe(400);
  });

  it('a failed fetch keeps what the provider said before; a not-found answer clears it', async () => {
    await server.ctx.metadata.saveAndRemerge([
      { workId: 300001, provider: 'dlsite', result: { status: 'failed', data: {}, message: 'timeout' } },
    ]);
    expect((await workInfo(300001)).title).toBe('DLsite Title');
    await server.ctx.metadata.saveAndRemerge([
      { workId: 300001, provider: 'dlsite', result: { status: 'not_found', data: {}, message: 'delisted' } },
    ]);
    const work = await workInfo(300001);
    expect(work.title).toBe('Folder Title');
    expect(work.price).toBeNull();
    expect(work.release).toBe('2001-02-03');
  });

  it('links language editions both ways, with the sidecar’s edition fields', async () => {
    const translation = await workInfo(300002);
    expect(translation).toMatchObject({
      lang: 'ENG',
      original_workno: 'RJ300003',
      translation_info: { is_translation: true },
      source_url: 'https://www.dlsite.com/maniax/work/=/product_id/RJ300002.html',
      series: { id: 'SRI0000001', name: 'A series' },
      other_language_editions_in_db: [
        {
          id: 300003,
          lang: 'JPN',
          title: 'The original',
          source_id: 'RJ300003',
          is_original: true,
          source_type: 'DLSITE',
        },
      ],
    });
    expect(translation.language_editions).toHaveLength(2);
    const original = await workInfo(300003);
    expect(original.other_language_editions_in_db).toEqual([
      {
        id: 300002,
        lang: 'ENG',
        title: 'The English edition',
        source_id: 'RJ300002',
        is_original: false,
        source_type: 'DLSITE',
      },
    ]);
  });
});
