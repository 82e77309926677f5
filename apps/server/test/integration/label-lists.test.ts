import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LabelWithCount } from '@sasayaki/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markCatalogueChanged } from '../../src/repositories/catalogue-version.js';
import { LabelRepository } from '../../src/repositories/label.repository.js';
import { wav } from '../helpers/hostile-library.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../helpers/test-context.js';

/** The catalogue cache reads the version at most once a second. */
const CACHE_INTERVAL_MS = 1_100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const ASMR: Tag = { id: 497, name: 'ASMR', i18n: { 'en-us': { name: 'ASMR' }, 'zh-cn': { name: '掏耳朵' } } };
const SLEEP: Tag = { id: 498, name: '睡眠', i18n: { 'en-us': { name: 'Sleep' } } };
const VOICE = { id: '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d', name: 'Voice One' };

interface Tag {
  id: number;
  name: string;
  i18n: Record<string, { name: string }>;
}

function workinfo(id: number, circle: { id: number; name: string }, tags: Tag[]) {
  return { id, title: `Work ${id}`, circle, vas: [VOICE], tags, release: '2021-05-01', nsfw: false };
}

function putWork(root: string, folder: string, info: ReturnType<typeof workinfo>): void {
  mkdirSync(join(root, folder), { recursive: true });
  writeFileSync(join(root, folder, 'workinfo.json'), JSON.stringify(info));
  writeFileSync(join(root, folder, 'track.wav'), wav(0.1));
}

describe.each(DATABASE_KINDS)('label lists on %s', (kind) => {
  const base = mkdtempSync(join(tmpdir(), 'sasayaki-labels-'));
  const library = join(base, 'library');
  let server: TestServer;
  const get = (url: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url, headers });
  const list = async (url: string) => {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as LabelWithCount[]).map((label) => [label.name, label.count]);
  };

  beforeAll(async () => {
    putWork(library, 'RJ100001 one', workinfo(100001, { id: 10, name: 'Circle A' }, [ASMR, SLEEP]));
    putWork(library, 'RJ100002 two', workinfo(100002, { id: 10, name: 'Circle A' }, [ASMR]));
    putWork(library, 'RJ100003 three', workinfo(100003, { id: 11, name: 'Circle B' }, [SLEEP]));
    // DLsite's answers win over the sidecars here, so one merge can move a work's labels.
    server = await startTestServer(kind, {
      SASAYAKI_LIBRARY: library,
      SASAYAKI_METADATA_PROVIDERS: 'dlsite,workinfo,folder,tags',
    });
    const scan = await server.ctx.scans.run('incremental');
    expect(scan.status, JSON.stringify(scan.errors)).toBe('finished');
  });
  afterAll(async () => {
    await server?.close();
    rmSync(base, { recursive: true, force: true });
  });

  it('counts what a scan wrote', async () => {
    expect(await list('/api/circles')).toEqual([
      ['Circle A', 2],
      ['Circle B', 1],
    ]);
    expect(await list('/api/tags')).toEqual([
      ['ASMR', 2],
      ['睡眠', 2],
    ]);
    expect(await list('/api/vas')).toEqual([['Voice One', 3]]);
    const tags = (await get('/api/tags')).json() as LabelWithCount[];
    expect(tags[0]).toEqual({ ...ASMR, i18n: ASMR.i18n, count: 2 });
  });

  it('sends the list encoded once: brotli, gzip or plain as asked, one ETag, Vary', async () => {
    const plain = await get('/api/tags');
    const br = await get('/api/tags', { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await get('/api/tags', { 'accept-encoding': 'gzip' });
    const again = await get('/api/tags', { 'accept-encoding': 'gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(again.rawPayload.equals(gzip.rawPayload)).toBe(true);
    for (const response of [plain, br, gzip]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers.vary).toBe('Accept-Encoding');
      expect(response.headers['cache-control']).toBe('private, max-age=60');
      expect(response.headers.etag).toMatch(/^W\/"[\w-]+"$/);
      expect(response.headers.etag).toBe(plain.headers.etag);
    }
    // A client that refuses brotli gets gzip.
    const noBr = await get('/api/tags', { 'accept-encoding': 'br;q=0, gzip' });
    expect(noBr.headers['content-encoding']).toBe('gzip');
  });

  it('answers 304 without a body when If-None-Match holds the ETag', async () => {
    for (const path of ['/api/circles', '/api/tags/', '/api/vas']) {
      const first = await get(path, { 'accept-encoding': 'br' });
      const etag = String(first.headers.etag);
      const revalidated = await get(path, { 'if-none-match': etag, 'accept-encoding': 'br' });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.rawPayload.length).toBe(0);
      expect(revalidated.headers.etag).toBe(etag);
      expect(revalidated.headers['content-encoding']).toBeUndefined();
      expect((await get(path, { 'if-none-match': `"other", ${etag}` })).statusCode).toBe(304);
      expect((await get(path, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    }
  });

  it('changes after a rescan: a vanished work leaves the counts, and comes back', async () => {
    const before = String((await get('/api/circles')).headers.etag);
    renameSync(join(library, 'RJ100003 three'), join(base, 'away'));
    expect((await server.ctx.scans.run('incremental')).status).toBe('finished');
    await sleep(CACHE_INTERVAL_MS);
    // Any catalogue read sees the version move and folds the scan's count changes behind the answer.
    const db = server.ctx.database.db;
    expect((await db.selectFrom('label_count_changes').select('id').execute()).length).toBeGreaterThan(0);
    expect((await get('/api/works')).statusCode).toBe(200);
    await expect
      .poll(async () => (await db.selectFrom('label_count_changes').select('id').execute()).length)
      .toBe(0);
    const after = await get('/api/circles', { 'if-none-match': before });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before);
    expect(await list('/api/circles')).toEqual([['Circle A', 2]]);
    expect(await list('/api/tags')).toEqual([
      ['ASMR', 2],
      ['睡眠', 1],
    ]);
    expect(await list('/api/vas')).toEqual([['Voice One', 2]]);

    renameSync(join(base, 'away'), join(library, 'RJ100003 three'));
    expect((await server.ctx.scans.run('incremental')).status).toBe('finished');
    await sleep(CACHE_INTERVAL_MS);
    expect(await list('/api/circles')).toEqual([
      ['Circle A', 2],
      ['Circle B', 1],
    ]);
    expect(await list('/api/tags')).toEqual([
      ['ASMR', 2],
      ['睡眠', 2],
    ]);
  });

  it('changes after a metadata write outside a scan once the writer marks the catalogue changed', async () => {
    const db = server.ctx.database.db;
    const circlesBefore = String((await get('/api/circles')).headers.etag);
    const works = (await get('/api/works?order=id&sort=asc')).json().works;
    expect(works[0].title).toBe('Work 100001');
    // What a provider's merge does: new values, labels moved from one work to another.
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('works')
        .set({ title: 'Merged title', circle_id: 11 })
        .where('id', '=', 100001)
        .execute();
      await trx.deleteFrom('work_tags').where('work_id', '=', 100001).where('tag_id', '=', ASMR.id).execute();
      await trx.insertInto('work_tags').values({ work_id: 100003, tag_id: ASMR.id }).execute();
      await trx.deleteFrom('work_vas').where('work_id', '=', 100002).execute();
      await markCatalogueChanged(trx);
    });
    await sleep(CACHE_INTERVAL_MS);
    expect((await get('/api/circles', { 'if-none-match': circlesBefore })).statusCode).toBe(200);
    expect(await list('/api/circles')).toEqual([
      ['Circle A', 1],
      ['Circle B', 2],
    ]);
    // The same tag counts as before (ASMR moved from one work to another): the same answer and ETag.
    expect(await list('/api/tags')).toEqual([
      ['ASMR', 2],
      ['睡眠', 2],
    ]);
    expect(await list('/api/vas')).toEqual([['Voice One', 2]]);
    // The works pages and the label pages follow the same version.
    expect((await get('/api/works?order=id&sort=asc')).json().works[0].title).toBe('Merged title');
    const circleB = (await get('/api/circles/11/works?order=id&sort=asc')).json().works;
    expect(circleB.map((work: { id: number }) => work.id)).toEqual([100001, 100003]);
  });

  it('keeps counts right when a label is merged into another and when a work is deleted', async () => {
    const db = server.ctx.database.db;
    await db.transaction().execute(async (trx) => {
      // Re-keying a tag (catalogue-write.repository.ts mergeInto): links move, the old tag goes.
      await trx
        .updateTable('work_tags')
        .set({ tag_id: SLEEP.id })
        .where('tag_id', '=', ASMR.id)
        .where('work_id', 'not in', (eb) =>
          eb.selectFrom('work_tags').select('work_id').where('tag_id', '=', SLEEP.id),
        )
        .execute();
      await trx.deleteFrom('work_tags').where('tag_id', '=', ASMR.id).execute();
      await trx.deleteFrom('tags').where('id', '=', ASMR.id).execute();
      // A work removed for good: its links go by cascade.
      await trx.deleteFrom('files').where('work_id', '=', 100002).execute();
      await trx.deleteFrom('works').where('id', '=', 100002).execute();
      await markCatalogueChanged(trx);
    });
    await sleep(CACHE_INTERVAL_MS);
    // Three works carried 睡眠 after the merge; the deleted one no longer counts (nor twice).
    expect(await list('/api/tags')).toEqual([['睡眠', 2]]);
    expect(await list('/api/circles')).toEqual([['Circle B', 2]]);
    expect(await list('/api/vas')).toEqual([['Voice One', 2]]);
    // Every count was folded: no change is left pending.
    const pending = await db.selectFrom('label_count_changes').select('id').execute();
    expect(pending).toEqual([]);
  });

  it('folds each change once when several folds run at once, to the counts a full recount gives', async () => {
    const db = server.ctx.database.db;
    const labels = new LabelRepository(db, kind);
    await db.insertInto('tags').values({ id: 499, name: '囁き', i18n: '{}' }).execute();
    await db
      .insertInto('work_tags')
      .values([
        { work_id: 100001, tag_id: 499 },
        { work_id: 100003, tag_id: 499 },
      ])
      .execute();
    // On PostgreSQL each fold runs on its own pooled connection.
    expect(await Promise.all([1, 2, 3, 4].map(() => labels.foldCountChanges()))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    const counts = () =>
      Promise.all(
        (['circles', 'tags', 'vas'] as const).map((table) =>
          db.selectFrom(table).select(['id', 'work_count']).orderBy('id').execute(),
        ),
      );
    const folded = await counts();
    expect(folded[1]).toContainEqual({ id: 499, work_count: 2 });
    await labels.recountAll();
    expect(await counts()).toEqual(folded);
  });

  it('answers one label from the cache per version, 404 for an unknown one', async () => {
    expect((await get('/api/circles/11')).json()).toEqual({ id: 11, name: 'Circle B' });
    expect((await get('/api/tags/498')).json()).toEqual({ ...SLEEP, i18n: SLEEP.i18n });
    expect((await get('/api/tags/497')).statusCode).toBe(404);
    expect((await get('/api/tags/497/works')).statusCode).toBe(404);
  });

  it('changes at once in the writing process after a provider merge (the metadata job and hand edits)', async () => {
    const asObject = async (url: string) => Object.fromEntries(await list(url));
    await server.ctx.metadata.saveAndRemerge([
      {
        workId: 100003,
        provider: 'dlsite',
        result: {
          status: 'ok',
          data: {
            circle: { id: 12, name: 'Circle C' },
            tags: [{ id: 500, name: 'バイノーラル', i18n: { 'en-us': { name: 'Binaural' } } }],
          },
        },
      },
    ]);
    // No wait: the merge moved the catalogue version and told this process's cache.
    expect(await asObject('/api/circles')).toEqual({ 'Circle B': 1, 'Circle C': 1 });
    expect(await asObject('/api/tags')).toEqual({ バイノーラル: 1, 囁き: 1, 睡眠: 1 });
    expect(await asObject('/api/vas')).toEqual({ 'Voice One': 2 });
  });
});
