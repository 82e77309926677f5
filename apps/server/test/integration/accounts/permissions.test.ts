import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Access, ROUTE_ACCESS } from '../../../src/http/permissions.js';
import { ACCOUNTS_ON, ADMIN, bearer, login, register } from '../../helpers/accounts.js';
import { insertWorks } from '../../helpers/catalogue-factory.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../../helpers/test-context.js';

type Caller = 'nobody' | 'guest' | 'user' | 'administrator';

/** What the table promises each caller: let through, or refused with this status. */
const EXPECTED: Record<Access, Record<Caller, 'pass' | 401 | 403>> = {
  public: { nobody: 'pass', guest: 'pass', user: 'pass', administrator: 'pass' },
  signedIn: { nobody: 401, guest: 'pass', user: 'pass', administrator: 'pass' },
  member: { nobody: 401, guest: 403, user: 'pass', administrator: 'pass' },
  admin: { nobody: 401, guest: 403, user: 403, administrator: 'pass' },
};

const SAMPLE_PARAMS: Record<string, string> = { id: '123456', workId: '123456', fileId: '0', '*': 'word' };

function concreteUrl(pattern: string): string {
  return pattern.replace(
    /:(\w+)|\*/g,
    (match, name: string | undefined) => SAMPLE_PARAMS[name ?? match] ?? '1',
  );
}

describe.each(DATABASE_KINDS)('the permission table on %s', (kind) => {
  let server: TestServer;
  const headers: Record<Caller, Record<string, string>> = {
    nobody: {},
    guest: {},
    user: {},
    administrator: {},
  };

  beforeAll(async () => {
    server = await startTestServer(kind, ACCOUNTS_ON);
    await insertWorks(server.ctx.database.db, [
      { id: 123456, title: 'A work', files: [{ path: 'a.wav', type: 'audio' }] },
    ]);
    headers.guest = bearer(await login(server, 'guest', 'guest'));
    headers.user = bearer(await register(server, 'someone'));
    headers.administrator = bearer(await login(server, ADMIN.name, ADMIN.password));
  });
  afterAll(async () => {
    await server?.close();
  });

  it('has an entry for every route and a route for every entry', () => {
    for (const key of Object.keys(ROUTE_ACCESS)) {
      const [method, url] = key.split(' ') as [string, string];
      expect(server.app.hasRoute({ method: method as 'GET', url }), key).toBe(true);
    }
  });

  const cases = Object.entries(ROUTE_ACCESS).flatMap(([key, access]) =>
    (['nobody', 'guest', 'user', 'administrator'] as const).map((caller) => [key, caller, access] as const),
  );

  it.each(cases)('%s as %s', async (key, caller, access) => {
    const [method, pattern] = key.split(' ') as [string, string];
    const response = await server.app.inject({
      method: method as 'GET',
      url: concreteUrl(pattern),
      headers: headers[caller],
      // Server-sent events never end by themselves: read the head and let go.
      payloadAsStream: pattern.endsWith('/events'),
    });
    response.stream?.().destroy();
    const expected = EXPECTED[access][caller];
    if (expected === 'pass') {
      expect([401, 403], `${response.statusCode} ${response.body}`).not.toContain(response.statusCode);
    } else {
      expect(response.statusCode).toBe(expected);
    }
  });
});
