import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wav } from '../helpers/hostile-library.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../helpers/test-context.js';

const LOCAL_1 = 1_000_000_001;
const LOCAL_2 = 1_000_000_002;

function workFolder(root: string, name: string, extra: Record<string, string> = {}): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, '01.wav'), wav(0.2));
  for (const [file, text] of Object.entries(extra)) writeFileSync(join(dir, file), text);
  return dir;
}

describe.each(DATABASE_KINDS)('works without a code and new codes on %s', (kind) => {
  let base: string;
  let root: string;
  let server: TestServer;
  const db = () => server.ctx.database.db;
  const ids = async () =>
    (await db().selectFrom('works').select('id').where('missing', '=', 0).orderBy('id').execute()).map(
      (row) => row.id,
    );
  const get = (url: string) => server.app.inject({ method: 'GET', url });
  const mark = (path: string) =>
    server.app.inject({ method: 'POST', url: '/api/admin/works/local', payload: { path } });
  const recode = (id: string, code: string) =>
    server.app.inject({ method: 'PUT', url: `/api/admin/works/${id}/code`, payload: { code } });
  const scan = async () => {
    await server.ctx.scans.waitForLocalScan();
    return server.ctx.scans.run('incremental');
  };

  beforeAll(async () => {
    base = mkdtempSync(join(tmpdir(), 'sasayaki-codes-'));
    root = join(base, 'library');
    workFolder(root, 'RJ123456 [Circle] Coded');
    workFolder(root, 'BJ123456 [作家] Book');
    workFolder(root, 'VJ01000123 [ブランド] Game');
    workFolder(root, 'NoCode Work', { 'workinfo.json': JSON.stringify({ title: 'Local title' }) });
    workFolder(root, 'Plain Folder');
    workFolder(root, 'Collection/RJ200001 Inner');
    server = await startTestServer(kind, { SASAYAKI_LIBRARY: root });
    await scan();
  });
  afterAll(async () => {
    await server?.close();
    rmSync(base, { recursive: true, force: true });
  });

  it('finds RJ, BJ and VJ codes as works of their own and numbers a codeless folder with a workinfo.json', async () => {
    expect(await ids()).toEqual([123456, 200001, 100_123_456, 201_000_123, LOCAL_1]);
    const local = await db()
      .selectFrom('works')
      .selectAll()
      .where('id', '=', LOCAL_1)
      .executeTakeFirstOrThrow();
    expect(local).toMatchObject({ title: 'Local title', dir: 'NoCode Work' });
    // Plain-word search matches the code as it shows (search_text), as for any other work.
    expect(local.search_text).toContain('local-000001');
  });

  it('keeps the local id across rescans and a rename of the folder with the same content', async () => {
    await scan();
    expect(await ids()).toContain(LOCAL_1);
    renameSync(join(root, 'NoCode Work'), join(root, 'NoCode Renamed'));
    expect((await scan()).status).toBe('finished');
    expect(await ids()).toEqual([123456, 200001, 100_123_456, 201_000_123, LOCAL_1]);
    const row = await db()
      .selectFrom('works')
      .selectAll()
      .where('id', '=', LOCAL_1)
      .executeTakeFirstOrThrow();
    expect(row.dir).toBe('NoCode Renamed');
  });

  it('refuses to mark what is not a codeless folder inside the library', async () => {
    const bad = async (path: string, status: number) => {
      const response = await mark(path);
      expect(response.statusCode, `${path}: ${response.body}`).toBe(status);
      expect(response.json()).toHaveProperty('error');
    };
    await bad('Plain Folder', 400);
    await bad(join(base, 'elsewhere'), 400);
    await bad(root, 400);
    await bad(join(root, 'No Such Folder'), 400);
    await bad(join(root, 'Plain Folder', '01.wav'), 400);
    mkdirSync(join(base, 'outside'));
    symlinkSync(join(base, 'outside'), join(root, 'link out'));
    await bad(join(root, 'link out'), 400);
    await bad(join(root, 'Plain Folder', '..', '..', 'outside'), 400);
    await bad(join(root, 'RJ123456 [Circle] Coded'), 409);
    await bad(join(root, 'NoCode Renamed'), 409);
    expect((await mark('')).statusCode).toBe(400);
  });

  it('marks a folder as a work: it gets the next local id and appears with the scan', async () => {
    const response = await mark(join(root, 'Plain Folder'));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ id: LOCAL_2, source_id: 'LOCAL-000002' });
    await scan();
    expect(await ids()).toContain(LOCAL_2);
    const row = await db()
      .selectFrom('works')
      .select('title')
      .where('id', '=', LOCAL_2)
      .executeTakeFirstOrThrow();
    expect(row.title).toBe('Plain Folder');
    expect((await mark(join(root, 'Plain Folder'))).statusCode).toBe(409);
  });

  it('gives a local work a code: what hangs on it follows, the old id answers 404, a rescan keeps it', async () => {
    const now = new Date().toISOString();
    await db()
      .insertInto('feedback')
      .values({
        user_id: null,
        user_name: 'x',
        work_id: LOCAL_2,
        category: 'other',
        details: 'd',
        created_at: now,
      })
      .execute();
    await db()
      .insertInto('work_edits')
      .values({ work_id: LOCAL_2, field: 'title', value: '"Edited"', edited_at: now, edited_by: 'admin' })
      .execute();
    const files = await db().selectFrom('files').select('file_id').where('work_id', '=', LOCAL_2).execute();
    const user = await db()
      .insertInto('users')
      .values({
        name: 'listener',
        name_key: 'listener',
        password_hash: 'x',
        group: 'user',
        created_at: now,
        password_changed_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const fileId = files[0]?.file_id as number;
    await db()
      .insertInto('reviews')
      .values({
        user_id: user.id,
        work_id: LOCAL_2,
        rating: 4,
        review_text: 'good',
        progress: 'listening',
        updated_at: now,
      })
      .execute();
    await db()
      .insertInto('playback_positions')
      .values({
        user_id: user.id,
        work_id: LOCAL_2,
        file_id: fileId,
        position: 12,
        duration: 30,
        updated_at: now,
      })
      .execute();
    await db()
      .insertInto('playback_history')
      .values({
        user_id: user.id,
        work_id: LOCAL_2,
        last_file_id: fileId,
        last_position: 12,
        last_played_at: now,
      })
      .execute();
    await db().updateTable('works').set({ translation_of: LOCAL_2 }).where('id', '=', 200001).execute();
    await db().insertInto('work_edition_links').values({ work_id: 200001, edition_id: LOCAL_2 }).execute();

    const response = await recode('LOCAL-000002', 'rj654321');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ id: 654321, source_id: 'RJ654321' });
    expect((await get('/api/work/LOCAL-000002')).statusCode).toBe(404);
    type Table = 'feedback' | 'work_edits' | 'files' | 'reviews' | 'playback_positions' | 'playback_history';
    const moved = async (table: Table) =>
      (await db().selectFrom(table).select('work_id').where('work_id', '=', 654321).execute()).length;
    expect(await moved('feedback')).toBe(1);
    expect(await moved('work_edits')).toBe(1);
    expect(await moved('files')).toBe(files.length);
    expect(await moved('reviews')).toBe(1);
    expect(await moved('playback_positions')).toBe(1);
    expect(await moved('playback_history')).toBe(1);
    const translation = await db()
      .selectFrom('works')
      .select('translation_of')
      .where('id', '=', 200001)
      .executeTakeFirstOrThrow();
    expect(translation.translation_of).toBe(654321);
    const link = await db()
      .selectFrom('work_edition_links')
      .select('edition_id')
      .where('work_id', '=', 200001)
      .execute();
    expect(link).toEqual([{ edition_id: 654321 }]);
    const recoded = await db()
      .selectFrom('works')
      .selectAll()
      .where('id', '=', 654321)
      .executeTakeFirstOrThrow();
    expect(recoded.search_text).toContain('rj654321');
    expect(recoded.search_text).not.toContain('local-000002');

    await scan();
    expect(await ids()).toEqual([123456, 200001, 654321, 100_123_456, 201_000_123, LOCAL_1]);
  });

  it('gives a coded folder another code, which a rescan keeps although the name says otherwise', async () => {
    expect((await recode('RJ123456', 'RJ01111111')).statusCode).toBe(200);
    await scan();
    expect(await ids()).toEqual([200001, 654321, 1_111_111, 100_123_456, 201_000_123, LOCAL_1]);
  });

  it('answers a bad code 400, a taken one 409 and an unknown work 404', async () => {
    for (const code of ['', 'XX123456', 'RJ12345', 'LOCAL-000009', '654321', 'RJ000000']) {
      const response = await recode('RJ654321', code);
      expect(response.statusCode, code).toBe(400);
      expect(response.json().errors?.[0]?.param ?? response.json().error).toBeTruthy();
    }
    expect((await recode('RJ654321', 'RJ200001')).statusCode).toBe(409);
    expect((await recode('RJ999999', 'RJ888888')).statusCode).toBe(404);
    expect((await recode('RJ654321', 'RJ654321')).json()).toEqual({ id: 654321, source_id: 'RJ654321' });
  });

  it('gives one of two works asking for the same code at once the code, and the other a 409', async () => {
    const answers = await Promise.all([recode('RJ654321', 'RJ777777'), recode('RJ200001', 'RJ777777')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });
});
