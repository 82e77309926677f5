import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScanState } from '@sasayaki/api-contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { absolutePathOf } from '../../src/media/file-location.js';
import { createHostileLibrary, HOSTILE, unlockHostileLibrary, WORKINFO } from '../helpers/hostile-library.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../helpers/test-context.js';

const base = mkdtempSync(join(tmpdir(), 'sasayaki-hostile-'));
let library: { root: string; outside: string };

beforeAll(async () => {
  library = await createHostileLibrary(base);
});
afterAll(() => {
  unlockHostileLibrary(library.root);
  rmSync(base, { recursive: true, force: true });
});

describe.each(DATABASE_KINDS)('scanning a hostile library on %s', (kind) => {
  let server: TestServer;
  let first: ScanState;
  const db = () => server.ctx.database.db;
  const work = (id: number) =>
    db().selectFrom('works').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const files = (id: number) =>
    db().selectFrom('files').selectAll().where('work_id', '=', id).orderBy('sort_index').execute();

  beforeAll(async () => {
    server = await startTestServer(kind, { SASAYAKI_LIBRARY: library.root });
    first = await server.ctx.scans.run('incremental');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('finishes and finds every work within reach, once', async () => {
    expect(ScanState.parse(first)).toBeTruthy();
    expect(first.status).toBe('finished');
    expect(first.running).toBe(false);
    const ids = (await db().selectFrom('works').select('id').orderBy('id').execute()).map((row) => row.id);
    expect(ids).toEqual([123456, 200001, 200002, 200003, 200004, 200005, 200006, 200007, 200008, 1234567]);
    expect(first.counts).toMatchObject({ found: 10, added: 10, updated: 0, removed: 0 });
  });

  it('leaves the query planner statistics of the scanned catalogue, without per-value samples', async () => {
    if (kind === 'sqlite') {
      const stat1 = await sql<{ tbl: string }>`SELECT tbl FROM sqlite_stat1`.execute(db());
      expect(stat1.rows.map((row) => row.tbl)).toEqual(
        expect.arrayContaining(['works', 'work_tags', 'files']),
      );
      const stat4 = await sql<{ n: number }>`SELECT count(*) AS n FROM sqlite_stat4`.execute(db());
      expect(stat4.rows[0]?.n).toBe(0);
    } else {
      const analyzed = await sql<{ last: Date | null }>`
        SELECT last_analyze AS last FROM pg_stat_user_tables WHERE relname = 'works'`.execute(db());
      expect(analyzed.rows[0]?.last?.getTime()).toBeGreaterThanOrEqual(Date.parse(first.startedAt ?? ''));
    }
  });

  it('reports every problem without stopping', () => {
    const messages = first.errors.map((issue) => `${issue.level} ${issue.path}: ${issue.message}`);
    const has = (path: RegExp, message: RegExp) =>
      expect(
        first.errors.some((issue) => path.test(issue.path) && message.test(issue.message)),
        messages.join('\n'),
      ).toBe(true);
    has(/dupes\/RJ123456 copy$/, /Duplicate/);
    has(/pipe\.wav$/, /FIFO/);
    has(/outside-link$/, /outside the library/);
    has(/escape$/, /outside the library/);
    has(/loop$/, /loop/);
    has(/empty\.mp3$/, /duration/);
    has(/broken\.flac$/, /duration/);
    has(/RJ200005.*workinfo\.json$/, /not valid JSON/);
    expect(first.errors.some((issue) => /RJ299999|RJ200009/.test(issue.path))).toBe(false);
    expect(first.counts.skipped).toBeGreaterThanOrEqual(6);
    expect(first.counts.failed).toBeGreaterThanOrEqual(3);
  });

  it('orders files folders-first in natural order and numbers them in tree order', async () => {
    const rows = await files(123456);
    expect(rows.map((row) => row.path)).toEqual([
      'extras/a/b.txt',
      'extras/Notes.txt',
      'subs/10 track.srt',
      '01 track.lrc',
      '01 track.wav',
      '2 track.wav',
      '2 track.wav.VTT',
      '10 track.wav',
      'big.png',
      'cover.png',
    ]);
    expect(rows.map((row) => row.sort_index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(rows.map((row) => row.file_id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const byPath = new Map(rows.map((row) => [row.path, row]));
    expect(byPath.get('01 track.wav')?.subtitle_file_id).toBe(byPath.get('01 track.lrc')?.file_id);
    expect(byPath.get('2 track.wav')?.subtitle_file_id).toBe(byPath.get('2 track.wav.VTT')?.file_id);
    expect(byPath.get('10 track.wav')?.subtitle_file_id).toBe(byPath.get('subs/10 track.srt')?.file_id);
    expect(byPath.get('10 track.wav')?.duration).toBeCloseTo(0.5, 2);
    expect(byPath.get('10 track.wav')?.bitrate).toBe(64000);
    expect(byPath.get('cover.png')?.type).toBe('image');
  });

  it('stores the metadata of a folder name, with a cover and subtitles', async () => {
    const row = await work(123456);
    expect(row).toMatchObject({
      title: '普通の作品',
      metadata_source: 'folder',
      has_subtitle: 1,
      missing: 0,
      nsfw: null,
      age: null,
    });
    expect(row.duration).toBeCloseTo(1, 2);
    expect(row.cover_key).toMatch(/^[0-9a-f]{24}$/);
    expect(row.cover_source).toContain('cover.png');
    const circle = await db()
      .selectFrom('circles')
      .selectAll()
      .where('id', '=', row.circle_id as number)
      .executeTakeFirstOrThrow();
    expect(circle.name).toBe('サークルa'.replace('a', 'A'));
    expect(circle.id).toBeGreaterThanOrEqual(1_000_000_000);
    expect(row.search_text).toContain('rj123456');
    expect(row.search_text).toContain('普通の作品');
  });

  it('reads a workinfo.json: ids, labels, ratings', async () => {
    const row = await work(1234567);
    expect(row).toMatchObject({
      title: WORKINFO.title,
      circle_id: 4242,
      release: '2021-05-01',
      price: 1320,
      dl_count: 1234,
      nsfw: 0,
      age: 'general',
      rate_average_2dp: 4.71,
      rate_count: 210,
      review_count: 5,
      metadata_source: 'workinfo',
    });
    expect(JSON.parse(row.rate_count_detail as string)).toEqual(WORKINFO.rate_count_detail);
    const tags = await db()
      .selectFrom('work_tags')
      .innerJoin('tags', 'tags.id', 'work_tags.tag_id')
      .select(['tags.id', 'tags.name', 'tags.i18n'])
      .where('work_id', '=', 1234567)
      .execute();
    expect(tags).toEqual([{ id: 497, name: 'ASMR', i18n: JSON.stringify(WORKINFO.tags[0]?.i18n) }]);
    const vas = await db()
      .selectFrom('work_vas')
      .innerJoin('vas', 'vas.id', 'work_vas.va_id')
      .select(['vas.id', 'vas.name', 'position'])
      .where('work_id', '=', 1234567)
      .orderBy('position')
      .execute();
    expect(vas[0]).toEqual({ id: WORKINFO.vas[0]?.id, name: 'Voice One', position: 0 });
    expect(vas[1]?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    for (const word of ['official title', 'official circle', '耳かき', '掏耳朵', 'voice two', 'rj01234567']) {
      expect(row.search_text).toContain(word);
    }
  });

  it('gives a circle named by a folder and by a workinfo.json one id: the official one', async () => {
    expect((await work(200008)).circle_id).toBe(4242);
    const circles = await db()
      .selectFrom('circles')
      .select(['id', 'name'])
      .where('name', '=', 'Official Circle')
      .execute();
    expect(circles).toEqual([{ id: 4242, name: 'Official Circle' }]);
  });

  it('falls back from a broken workinfo.json to the folder name, and to audio tags', async () => {
    expect(await work(200005)).toMatchObject({ title: 'Broken Info', metadata_source: 'folder' });
    const tagged = await work(200007);
    expect(tagged).toMatchObject({ title: 'Album From Tags', metadata_source: 'tags' });
    // Issue 12: the artist tag names voice actors (the album artist would name the circle).
    const vas = await db()
      .selectFrom('work_vas')
      .innerJoin('vas', 'vas.id', 'work_vas.va_id')
      .select('vas.name')
      .where('work_vas.work_id', '=', 200007)
      .execute();
    expect(vas.map((va) => va.name)).toEqual(['Artist From Tags']);
  });

  it('indexes hostile names and keeps bad audio with a null duration', async () => {
    const rows = await files(200004);
    const paths = rows.map((row) => row.path);
    expect(paths).toContain(HOSTILE.newlineName);
    expect(paths).toContain(HOSTILE.quoteName);
    expect(paths).not.toContain('pipe.wav');
    expect(paths.some((path) => path.startsWith('outside-link') || path.startsWith('loop/'))).toBe(false);
    expect(rows.find((row) => row.path === 'empty.mp3')).toMatchObject({ duration: null, size: 0 });
    expect(rows.find((row) => row.path === 'broken.flac')).toMatchObject({ duration: null });
    const raw = rows.find((row) => row.path_raw !== null);
    expect(raw?.path).toBe('bad-\uFFFD\uFFFD.txt');
    expect(Buffer.from(raw?.path_raw as string, 'base64').equals(HOSTILE.nonUtf8FileName)).toBe(true);
    const row = await work(200004);
    const bytes = await readFile(
      absolutePathOf({ ...row, path: raw?.path as string, path_raw: raw?.path_raw ?? null }),
    );
    expect(bytes.toString()).toBe('bytes');
    if (process.getuid?.() !== 0) {
      expect(paths).not.toContain('locked/hidden.txt');
    }
  });

  it('handles a work folder named in bytes, 30 levels of folders and 3,000 files', async () => {
    const bad = await work(200006);
    expect(Buffer.from(bad.dir_raw as string, 'base64').equals(HOSTILE.nonUtf8WorkFolder)).toBe(true);
    const [track] = await files(200006);
    expect(track?.duration).toBeCloseTo(0.1, 2);
    const [deep] = await files(200002);
    expect(deep?.path.split('/')).toHaveLength(HOSTILE.deepLevels + 1);
    expect(deep?.duration).toBeCloseTo(0.1, 2);
    const many = await files(200003);
    expect(many).toHaveLength(HOSTILE.manyFiles + 1);
    expect(many.slice(0, 3).map((row) => row.path)).toEqual([
      'pages/page 1.txt',
      'pages/page 2.txt',
      'pages/page 3.txt',
    ]);
    expect(many.at(-1)?.path).toBe('audio.wav');
  });

  it('does nothing on a rescan when nothing changed', async () => {
    const before = await db().selectFrom('works').select(['id', 'scanned_at']).orderBy('id').execute();
    const again = await server.ctx.scans.run('incremental');
    expect(again.status).toBe('finished');
    expect(again.counts).toMatchObject({ found: 10, added: 0, updated: 0, removed: 0 });
    expect(await db().selectFrom('works').select(['id', 'scanned_at']).orderBy('id').execute()).toEqual(
      before,
    );
  });

  it('re-reads metadata in metadata mode and everything in full mode, keeping file ids', async () => {
    const ids = (await files(123456)).map((row) => [row.path, row.file_id]);
    const metadata = await server.ctx.scans.run('metadata');
    expect(metadata.counts).toMatchObject({ found: 10, added: 0, updated: 10 });
    await server.ctx.maintenance.lock('rescan needed');
    const full = await server.ctx.scans.run('full');
    expect(full.counts).toMatchObject({ found: 10, added: 0, updated: 10 });
    expect(await server.ctx.maintenance.lockReason()).toBeNull();
    expect((await files(123456)).map((row) => [row.path, row.file_id])).toEqual(ids);
    expect(await server.ctx.scans.hasScannedOnce()).toBe(true);
  });
});
