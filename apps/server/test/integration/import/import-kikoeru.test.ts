import {
  closeSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ImportReport,
  importDependencies,
  importKikoeru,
} from '../../../src/import-kikoeru/import-kikoeru.js';
import { KikoeruSourceError } from '../../../src/import-kikoeru/kikoeru-database.js';
import {
  createKikoeruInstallation,
  type KikoeruFiles,
  type KikoeruSeed,
} from '../../../src/tools/kikoeru-installation.js';
import { ACCOUNTS_ON, ADMIN, bearer, login } from '../../helpers/accounts.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../../helpers/test-context.js';

const HEALING = { 'zh-cn': { name: '治愈' }, 'ja-jp': { name: '癒し' }, 'en-us': { name: 'Healing' } };

/** A kikoeru installation: two works in the library (6- and 8-digit codes), one not, users and reviews. */
const SEED: KikoeruSeed = {
  works: [
    {
      id: 123456,
      title: 'Sleepy Maid',
      circle: { id: 12345, name: 'そよかぜの部屋' },
      tags: [
        { id: 497, name: '治愈', i18n: HEALING },
        { id: 59, name: '耳舐め' },
      ],
      vas: ['陽向葵ゅか', '浅見ゆい'],
      nsfw: false,
      release: '2014-07-02',
      price: 880,
      dlCount: 12000,
      rateAverage: 4.71,
      rateCount: 900,
      reviewCount: 40,
      rateCountDetail: [{ review_point: 5, count: 800, ratio: 88 }],
    },
    {
      id: 1234567,
      title: 'Eight digits',
      circle: { id: 54321, name: 'Circle B' },
      vas: ['浅見ゆい'],
      nsfw: true,
    },
    {
      id: 234567,
      title: 'Not scanned here',
      circle: { id: 12345, name: 'そよかぜの部屋' },
      tags: [{ id: 497, name: '治愈', i18n: HEALING }],
    },
  ],
  users: [
    { name: 'admin', password: 'admin', group: 'administrator' },
    { name: 'listener1', password: 'old-password-1' },
    { name: 'Listener2', password: 'パスワード２', group: 'guest' },
    // A look-alike of listener1 (Cyrillic і): never a second account, never merged.
    { name: 'lіstener1', password: 'whatever1' },
    // A zero-width space: refused as a new name anywhere in Sasayaki.
    { name: 'zero\u200bwidth', password: 'whatever2' },
  ],
  reviews: [
    {
      user: 'listener1',
      work: 123456,
      rating: 5,
      text: 'Lovely',
      progress: 'listened',
      updatedAt: '2024-01-02 03:04:05',
    },
    { user: 'listener1', work: 1234567, progress: 'listening' },
    { user: 'listener1', work: 234567, rating: 3, progress: 'marked' },
    { user: 'Listener2', work: 123456, rating: 4 },
    { user: 'Listener2', work: 1234567, rating: 9, progress: 'replay' },
    { user: 'admin', work: 123456, rating: 2, text: 'admin review' },
    { user: 'lіstener1', work: 123456, rating: 1 },
  ],
};

describe.each(DATABASE_KINDS)('sasayaki import-kikoeru on %s', (kind) => {
  let server: TestServer;
  let dir: string;
  let kikoeru: KikoeruFiles;
  let library: string;
  const run = (options: Partial<Parameters<typeof importKikoeru>[1]> = {}) =>
    importKikoeru(importDependencies(server.ctx), {
      databasePath: kikoeru.db,
      configPath: kikoeru.config,
      ...options,
    });

  /** Everything an import may write, so "changes nothing" is checked row by row. */
  const snapshot = async () => {
    const { db } = server.ctx.database;
    return {
      users: await db.selectFrom('users').selectAll().orderBy('id').execute(),
      imported: await db.selectFrom('kikoeru_users').selectAll().orderBy('kikoeru_name').execute(),
      reviews: await db.selectFrom('reviews').selectAll().orderBy('user_id').orderBy('work_id').execute(),
      works: await db.selectFrom('works').selectAll().orderBy('id').execute(),
      circles: await db.selectFrom('circles').selectAll().orderBy('id').execute(),
      tags: await db.selectFrom('tags').selectAll().orderBy('id').execute(),
      vas: await db.selectFrom('vas').selectAll().orderBy('id').execute(),
      answers: await db
        .selectFrom('work_metadata')
        .selectAll()
        .orderBy('work_id')
        .orderBy('provider')
        .execute(),
      version: await db.selectFrom('catalogue_version').selectAll().execute(),
    };
  };

  /** A work as the API shows it to the administrator. */
  const apiWork = async (id: number) => {
    const token = await login(server, ADMIN.name, ADMIN.password);
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/work/${id}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sasayaki-kikoeru-'));
    kikoeru = createKikoeruInstallation(dir, SEED);
    // The library holds two of kikoeru's three works, in folders named by their codes only.
    library = join(dir, 'library');
    for (const folder of ['RJ123456', 'RJ01234567']) {
      mkdirSync(join(library, folder), { recursive: true });
      writeFileSync(join(library, folder, 'readme.txt'), 'notes');
    }
    server = await startTestServer(kind, { ...ACCOUNTS_ON, SASAYAKI_LIBRARY: library });
    expect((await server.ctx.scans.run('incremental')).counts).toMatchObject({ found: 2, failed: 0 });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a damaged file, a file that is not SQLite and a foreign SQLite file change nothing and say why', async () => {
    const before = await snapshot();
    const notSqlite = join(dir, 'notes.sqlite3');
    writeFileSync(notSqlite, 'just some text, not a database\n'.repeat(200));
    await expect(run({ databasePath: notSqlite })).rejects.toThrow(/is not an SQLite database/);

    // A real kikoeru file whose pages after the header were overwritten.
    const damaged = join(dir, 'damaged.sqlite3');
    copyFileSync(kikoeru.db, damaged);
    const fd = openSync(damaged, 'r+');
    writeSync(fd, Buffer.alloc(8192, 0x5a), 0, 8192, 4096);
    closeSync(fd);
    await expect(run({ databasePath: damaged })).rejects.toThrow(/damaged SQLite database|is not an SQLite/);

    const foreign = join(dir, 'foreign.sqlite3');
    const other = new Database(foreign);
    other.exec(
      'CREATE TABLE notes (id integer primary key, body text); INSERT INTO notes (body) VALUES (1);',
    );
    other.close();
    await expect(run({ databasePath: foreign })).rejects.toThrow(
      /is not a kikoeru-express database: it has no table t_circle, t_work/,
    );

    // kikoeru's tables, but t_user without the password column.
    const changed = join(dir, 'changed.sqlite3');
    copyFileSync(kikoeru.db, changed);
    const edit = new Database(changed);
    edit.exec('ALTER TABLE t_user RENAME COLUMN password TO pw_hash');
    edit.close();
    const error = await run({ databasePath: changed }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KikoeruSourceError);
    expect((error as Error).message).toMatch(/table t_user has no column password/);

    await expect(run({ databasePath: join(dir, 'absent.sqlite3') })).rejects.toThrow(/no such file/);
    expect(await snapshot()).toEqual(before);
  });

  let first: ImportReport;

  it('a dry run reports what the import would do and writes nothing', async () => {
    const before = await snapshot();
    first = await run({ dryRun: true });
    expect(first.dryRun).toBe(true);
    expect(first.users.added).toBe(2);
    expect(first.reviews.added).toBe(5);
    expect(await snapshot()).toEqual(before);
  });

  it('imports users, reviews, ratings and progress; collisions are reported and skipped', async () => {
    const report = await run();
    expect(report).toEqual({ ...first, dryRun: false });
    expect(report.works).toEqual({ inLibrary: 2, notInLibrary: 1, absentAdded: 1 });
    expect(report.users).toEqual({ added: 2, updated: 0, unchanged: 0, mapped: 0, skipped: 3 });
    // listener1 ×3, Listener2 ×2 (the rating 9 left out, its progress kept); admin's and the look-alike's skipped.
    expect(report.reviews).toEqual({ added: 5, unchanged: 0, kept: 0, skipped: 2 });
    expect(report.passwords).toBe('kept');
    const problems = report.problems.map((p) => `${p.kind} ${p.subject}: ${p.message}`);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^user admin: the Sasayaki account "admin" has this name/),
        expect.stringMatching(
          /^user lіstener1: the Sasayaki account "listener1" has this name or one that looks like it/,
        ),
        expect.stringMatching(/^review Listener2\/1234567: the rating 9 is not 0 to 5/),
        expect.stringMatching(/^user zero\u200bwidth: Username must not contain invisible/),
      ]),
    );
    const { db } = server.ctx.database;
    const users = await db.selectFrom('users').select(['id', 'name', 'group', 'password_hash']).execute();
    expect(users.map((u) => u.name).sort()).toEqual(['Listener2', 'admin', 'guest', 'listener1']);
    expect(users.find((u) => u.name === 'Listener2')?.group).toBe('user');
    const listener = users.find((u) => u.name === 'listener1');
    expect(listener?.password_hash).toMatch(/^\$kikoeru-md5\$[0-9a-f]{16}\$[0-9a-f]{32}$/);
    const reviews = await db
      .selectFrom('reviews')
      .selectAll()
      .where('user_id', '=', listener?.id as number)
      .orderBy('work_id')
      .execute();
    expect(
      reviews.map(({ work_id, rating, review_text, progress }) => ({
        work_id,
        rating,
        review_text,
        progress,
      })),
    ).toEqual([
      { work_id: 123456, rating: 5, review_text: 'Lovely', progress: 'listened' },
      { work_id: 234567, rating: 3, review_text: null, progress: 'marked' },
      { work_id: 1234567, rating: null, review_text: null, progress: 'listening' },
    ]);
    expect(reviews[0]?.updated_at).toBe('2024-01-02T03:04:05.000Z');
    // The work not in the library is kept, hidden, with its review, for the scan that finds its folder.
    const absent = await db
      .selectFrom('works')
      .select(['title', 'missing'])
      .where('id', '=', 234567)
      .executeTakeFirst();
    expect(absent).toEqual({ title: 'Not scanned here', missing: 1 });
  });

  it("merges kikoeru's metadata into the scanned works as the kikoeru provider", async () => {
    expect(first.metadata).toEqual({ added: 3, updated: 0, unchanged: 0 });
    expect(first.newLabels).toEqual({ circles: 2, tags: 2, vas: 2 });
    const work = await apiWork(123456);
    expect(work).toMatchObject({
      title: 'Sleepy Maid',
      circle: { id: 12345, name: 'そよかぜの部屋' },
      release: '2014-07-02',
      price: 880,
      dl_count: 12000,
      rate_average_2dp: 4.71,
      rate_count: 900,
      review_count: 40,
      nsfw: false,
    });
    expect(work.vas.map((va: { name: string }) => va.name).sort()).toEqual(['浅見ゆい', '陽向葵ゅか']);
    const healing = work.tags.find((tag: { id: number }) => tag.id === 497);
    expect(healing.i18n).toMatchObject({ 'en-us': { name: 'Healing' }, 'ja-jp': { name: '癒し' } });
    // Without t_tag.i18n a tag's one name is in kikoeru's tagLanguage (zh-cn here).
    expect(work.tags.find((tag: { id: number }) => tag.id === 59).i18n).toMatchObject({
      'zh-cn': { name: '耳舐め' },
    });
    expect(await apiWork(1234567)).toMatchObject({
      title: 'Eight digits',
      circle: { name: 'Circle B' },
      nsfw: true,
    });
    const sources = await server.ctx.database.db
      .selectFrom('works')
      .select('field_sources')
      .where('id', '=', 123456)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(sources.field_sources)).toMatchObject({
      title: 'kikoeru',
      circle: 'kikoeru',
      tags: 'kikoeru',
    });
  });

  it('the old password works once through the normal login, then it is an argon2id hash', async () => {
    await expect(login(server, 'listener1', 'wrong-password')).rejects.toThrow(/401/);
    const token = await login(server, 'listener1', 'old-password-1');
    const { db } = server.ctx.database;
    const hash = async (name: string) =>
      (
        await db
          .selectFrom('users')
          .select('password_hash')
          .where('name', '=', name)
          .executeTakeFirstOrThrow()
      ).password_hash;
    expect(await hash('listener1')).toMatch(/^\$argon2id\$/);
    // The session issued by that login stays valid after the re-hash, and shows the user's kikoeru rating.
    const work = await server.app.inject({ method: 'GET', url: '/api/work/123456', headers: bearer(token) });
    expect(work.json()).toMatchObject({ userRating: 5, progress: 'listened' });
    await login(server, 'listener1', 'old-password-1');
    // Non-ASCII passwords hash as kikoeru's md5 did (UTF-8).
    await login(server, 'Listener2', 'パスワード２');
    expect(await hash('Listener2')).toMatch(/^\$argon2id\$/);
    await login(server, ADMIN.name, ADMIN.password);
  });

  it('a second run changes nothing and says so', async () => {
    const before = await snapshot();
    const again = await run();
    expect(again.users).toEqual({ added: 0, updated: 0, unchanged: 2, mapped: 0, skipped: 3 });
    expect(again.reviews).toEqual({ added: 0, unchanged: 5, kept: 0, skipped: 2 });
    expect(again.works).toEqual({ inLibrary: 2, notInLibrary: 1, absentAdded: 0 });
    expect(again.metadata).toEqual({ added: 0, updated: 0, unchanged: 3 });
    expect(await snapshot()).toEqual(before);
  });

  it('--map-user gives a colliding user’s reviews to the named account; a review changed since is kept', async () => {
    const { db } = server.ctx.database;
    const listener = await db
      .selectFrom('users')
      .select('id')
      .where('name', '=', 'listener1')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('reviews')
      .set({ rating: 1 })
      .where('user_id', '=', listener.id)
      .where('work_id', '=', 123456)
      .execute();
    const toGuest = await run({ dryRun: true, mapUsers: new Map([['admin', 'guest']]) });
    expect(toGuest.users).toMatchObject({ mapped: 0, skipped: 3 });
    expect(toGuest.problems.map((p) => p.message)).toContainEqual(
      expect.stringMatching(
        /^--map-user names "guest", which is not a Sasayaki account that can keep reviews/,
      ),
    );
    const report = await run({ mapUsers: new Map([['admin', 'admin']]) });
    expect(report.users).toEqual({ added: 0, updated: 0, unchanged: 2, mapped: 1, skipped: 2 });
    expect(report.reviews).toEqual({ added: 1, unchanged: 4, kept: 1, skipped: 1 });
    const admin = await db
      .selectFrom('users')
      .select('id')
      .where('name', '=', 'admin')
      .executeTakeFirstOrThrow();
    const review = await db
      .selectFrom('reviews')
      .select(['rating', 'review_text'])
      .where('user_id', '=', admin.id)
      .executeTakeFirst();
    expect(review).toEqual({ rating: 2, review_text: 'admin review' });
    const kept = await db
      .selectFrom('reviews')
      .select('rating')
      .where('user_id', '=', listener.id)
      .where('work_id', '=', 123456)
      .executeTakeFirst();
    expect(kept?.rating).toBe(1);
  });

  it('a work that was not in the library appears, with its metadata and reviews, once a scan finds it', async () => {
    mkdirSync(join(library, 'RJ234567'));
    writeFileSync(join(library, 'RJ234567', 'readme.txt'), 'notes');
    expect((await server.ctx.scans.run('incremental')).counts).toMatchObject({ found: 3 });
    const token = await login(server, 'listener1', 'old-password-1');
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/work/234567',
      headers: bearer(token),
    });
    expect(response.json()).toMatchObject({
      title: 'Not scanned here',
      circle: { name: 'そよかぜの部屋' },
      userRating: 3,
      progress: 'marked',
    });
  });
});

describe('sasayaki import-kikoeru without the config', () => {
  let server: TestServer;
  let dir: string;
  let kikoeru: KikoeruFiles;
  beforeAll(async () => {
    server = await startTestServer('sqlite', ACCOUNTS_ON);
    dir = mkdtempSync(join(tmpdir(), 'sasayaki-kikoeru-'));
    kikoeru = createKikoeruInstallation(dir, { ...SEED, tagI18n: false });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('imports users with no usable password, and a run with the config makes them usable', async () => {
    const deps = importDependencies(server.ctx);
    const report = await importKikoeru(deps, { databasePath: kikoeru.db });
    expect(report.passwords).toBe('unusable');
    expect(report.users.added).toBe(2);
    await expect(login(server, 'listener1', 'old-password-1')).rejects.toThrow(/401/);
    const withConfig = await importKikoeru(deps, { databasePath: kikoeru.db, configPath: kikoeru.config });
    expect(withConfig.users).toMatchObject({ added: 0, updated: 2, unchanged: 0 });
    await login(server, 'listener1', 'old-password-1');
  });

  it('the secret never appears in what the import reports', async () => {
    const report = await importKikoeru(importDependencies(server.ctx), {
      databasePath: kikoeru.db,
      configPath: kikoeru.config,
      dryRun: true,
    });
    expect(JSON.stringify(report)).not.toContain(kikoeru.secret);
  });
});
