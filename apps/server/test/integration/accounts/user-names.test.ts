import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../src/auth/passwords.js';
import { runUserCommand } from '../../../src/cli/user-command.js';
import { migrateToLatest } from '../../../src/db/migrate.js';
import type { UsersTable } from '../../../src/db/schema.js';
import { ACCOUNTS_ON, ADMIN, bearer, login } from '../../helpers/accounts.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../../helpers/test-context.js';

/** Issue 11, finding 12: names that look like another one are that name. */
describe.each(DATABASE_KINDS)('look-alike user names on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, ACCOUNTS_ON);
  });
  afterAll(async () => {
    await server?.close();
  });

  const registerAs = (name: string) =>
    server.app.inject({ method: 'POST', url: '/api/auth/reg', payload: { name, password: 'password1' } });

  it.each([
    ['upper case', 'ADMIN'],
    ['a trailing space', 'admin '],
    ['a Cyrillic а', '\u0430dmin'],
    ['a Greek omicron and upper case', 'ADMIΝ'],
    ['fullwidth letters', 'ａｄｍｉｎ'],
    ['a modifier letter (NFKC: a)', 'ᵃdmin'],
  ])('refuses a name that differs from admin only by %s, with 409', async (_what, name) => {
    const response = await registerAs(name);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatch(/looks too much like one that is/);
  });

  it.each([
    ['a zero-width space', 'ad\u200bmin1'],
    ['a zero-width joiner', 'ad\u200dmin1'],
    ['a right-to-left override', '\u202eadmin1'],
    ['a right-to-left isolate', 'admin\u20671'],
    ['a byte order mark', '\ufeffadmin1'],
    ['a soft hyphen', 'ad\u00admin1'],
    ['a C1 control', 'admin\u00851'],
    ['a lone surrogate', 'admin\ud8001'],
  ])('refuses a name with %s, naming the field', async (_what, name) => {
    const response = await registerAs(name);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ param: 'name', location: 'body' });
    expect(response.json().error).toMatch(/^Invalid name: Username must not contain/);
  });

  it('stores a new name in NFKC without surrounding spaces, and refuses one that is too short once trimmed', async () => {
    const created = await registerAs('  ｌｉｓｔｅｎｅｒ  ');
    expect(created.statusCode).toBe(201);
    expect(created.json().user.name).toBe('listener');
    const short = await registerAs('  abc  ');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors[0]).toMatchObject({ param: 'name' });
  });

  it('logs in with any spelling of a name as its account', async () => {
    for (const name of ['Admin', 'ADMIN ', 'ａｄｍｉｎ', '\u0430dmin']) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/auth/me',
        payload: { name, password: ADMIN.password },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().user).toMatchObject({ name: 'admin', group: 'administrator' });
    }
  });

  it('applies the same rules to administrators creating users and to `sasayaki user add`', async () => {
    const admin = bearer(await login(server, ADMIN.name, ADMIN.password));
    const create = (name: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/credentials/user',
        headers: admin,
        payload: { name, password: 'password1' },
      });
    expect((await create('GUEST')).statusCode).toBe(409);
    const invisible = await create('gu\u200best1');
    expect(invisible.statusCode).toBe(400);
    expect(invisible.json().errors[0]).toMatchObject({ param: 'name' });
    await expect(runUserCommand(server.ctx, ['add', 'Listener', '--password', 'secret1'])).rejects.toThrow(
      /taken, or looks too much like one that is/,
    );
    await expect(
      runUserCommand(server.ctx, ['add', 'list\u200bener2', '--password', 'secret1']),
    ).rejects.toThrow(/invisible, direction-changing or invalid/);
  });
});

describe.each(DATABASE_KINDS)('the guest name on %s', (kind) => {
  it('is kept for the guest account while guest access is off and the account not made yet', async () => {
    // Guests off as the installation starts (config.json), so the Settings route may turn them on.
    const server = await startTestServer(kind, ACCOUNTS_ON, { file: { guest: false } });
    try {
      const taken = await server.app.inject({
        method: 'POST',
        url: '/api/auth/reg',
        payload: { name: 'Guest', password: 'password1' },
      });
      expect(taken.statusCode).toBe(409);
      const admin = bearer(await login(server, ADMIN.name, ADMIN.password));
      await server.app.inject({
        method: 'PUT',
        url: '/api/config/admin',
        headers: admin,
        payload: { guest: true },
      });
      expect(await login(server, 'guest', 'guest')).toEqual(expect.any(String));
    } finally {
      await server.close();
    }
  });
});

describe.each(DATABASE_KINDS)('the name-key migration on %s', (kind) => {
  it('keeps accounts that already look alike: the oldest holds the name, each logs in by its exact name', async () => {
    const server = await startTestServer(kind, ACCOUNTS_ON);
    try {
      const { db, dialect } = server.ctx.database;
      // Back to the database before the migration, holding two accounts that collide once normalised.
      await db.schema.dropIndex('users_name_key_unique').execute();
      await db.schema.alterTable('users').dropColumn('name_key').execute();
      await sql`DELETE FROM kysely_migration WHERE name = ${'2026-11-24-0003-user-name-keys'}`.execute(db);
      const hash = await hashPassword('password1');
      const old = { password_hash: hash, group: 'user', created_at: 'x', password_changed_at: 'x' };
      const users = db as unknown as Kysely<{ users: Omit<UsersTable, 'id' | 'name_key'> }>;
      await users
        .insertInto('users')
        .values([
          { ...old, name: 'Lookalike' },
          { ...old, name: 'lookalike ' },
        ])
        .execute();

      await migrateToLatest(db, dialect);

      const rows = await db
        .selectFrom('users')
        .select(['name', 'name_key'])
        .where('name', 'in', ['Lookalike', 'lookalike '])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { name: 'Lookalike', name_key: 'lookalike' },
        { name: 'lookalike ', name_key: null },
      ]);
      server.ctx.accounts.forgetSessions();
      for (const name of ['Lookalike', 'lookalike ']) {
        const session = await server.ctx.accounts.login(name, 'password1', '127.0.0.1');
        expect(session.user.name).toBe(name);
      }
      const again = await server.app.inject({
        method: 'POST',
        url: '/api/auth/reg',
        payload: { name: 'LOOKALIKE', password: 'password1' },
      });
      expect(again.statusCode).toBe(409);
    } finally {
      await server.close();
    }
  });
});
