import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNTS_ON, login, register } from '../../helpers/accounts.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../../helpers/test-context.js';

/**
 * What a login asks the database. On PostgreSQL each statement is a round trip whose socket write holds
 * the event loop that every other request waits on: 20 logins a second doubled page 1's p99 at 100,000
 * works (bench/README.md, "Accounts"). A login reads the attempt counters in one statement (PostgreSQL;
 * SQLite counts in memory), the account in one, and writes the last login at most once a minute.
 */
describe.each(DATABASE_KINDS)('what a login asks the database on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, ACCOUNTS_ON);
    await register(server, 'alice01');
  });
  afterAll(async () => {
    await server?.close();
  });

  /** The statements about counters and accounts one login sends (the server's own periodic checks are not). */
  const loginStatements = async (): Promise<string[]> => {
    const spy = vi.spyOn(server.ctx.database.db.getExecutor(), 'executeQuery');
    try {
      await login(server, 'alice01', 'password1');
      return spy.mock.calls
        .map(([query]) => query.sql)
        .filter((text) => /"rate_limits"|"users"/.test(text))
        .map((text) => (text.includes('rate_limits') ? 'counters' : (text.split(' ', 1)[0] ?? '')));
    } finally {
      spy.mockRestore();
    }
  };
  const lastLogin = async () =>
    (
      await server.ctx.database.db
        .selectFrom('users')
        .select('last_login_at')
        .where('name', '=', 'alice01')
        .executeTakeFirstOrThrow()
    ).last_login_at;

  it('reads the counters in one statement and the account in one, and writes the last login once a minute', async () => {
    const counters = kind === 'postgres' ? ['counters'] : [];
    expect(await loginStatements()).toEqual([...counters, 'select', 'update']);
    const recorded = await lastLogin();
    expect(recorded).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await loginStatements()).toEqual([...counters, 'select']);
    expect(await lastLogin()).toBe(recorded);
  });
});
