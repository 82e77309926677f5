import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOrCreateSecret } from '../../../src/auth/secrets.js';
import { type Access, ROUTE_ACCESS } from '../../../src/http/permissions.js';
import { TOKEN_COOKIE } from '../../../src/http/plugins/auth.plugin.js';
import { login, register } from '../../helpers/accounts.js';
import { DATABASE_KINDS } from '../../helpers/test-context.js';
import { type AttackServer, type Caller, startAttackServer } from './attack-server.js';
import { forgeTokens } from './forged-tokens.js';

/**
 * The permission matrix: every entry of `ROUTE_ACCESS` × every kind of caller, generated from the table,
 * so a route added there is tested here without a line changed.
 */

/** What the table promises each caller: let through, or refused with this status. */
const EXPECTED: Record<Access, Record<Caller, 'pass' | 401 | 403>> = {
  public: { nobody: 'pass', guest: 'pass', member: 'pass', administrator: 'pass' },
  signedIn: { nobody: 401, guest: 'pass', member: 'pass', administrator: 'pass' },
  member: { nobody: 401, guest: 403, member: 'pass', administrator: 'pass' },
  admin: { nobody: 401, guest: 403, member: 403, administrator: 'pass' },
};

/** Where a token rides (contract section 1): `?token=` and the cookie count on media and covers only. */
type Carrier = 'header' | 'query' | 'cookie';

function isMediaOrCover(pattern: string): boolean {
  return pattern.startsWith('/api/media/') || pattern.startsWith('/api/cover/');
}

/** Who a token in this carrier makes the caller on this route: a token the route ignores is nobody. */
function effectiveCaller(caller: Caller, carrier: Carrier, method: string, pattern: string): Caller {
  if (carrier === 'header') return caller;
  if (!isMediaOrCover(pattern)) return 'nobody';
  if (carrier === 'cookie' && method !== 'GET' && method !== 'HEAD') return 'nobody';
  return caller;
}

/** A caller as the matrix sends it: whose rights it should have, and the token it holds. */
interface Identity {
  actsAs: Caller;
  carrier: Carrier;
  token: string | null;
}

const ROUTES = Object.entries(ROUTE_ACCESS).map(([key, access]) => {
  const [method, pattern] = key.split(' ') as [string, string];
  return { key, method, pattern, access };
});

describe.each(DATABASE_KINDS)('the permission matrix on %s', (kind) => {
  let attack: AttackServer;
  const identities = new Map<string, Identity>();
  let sampleParams: Record<string, string>;

  /** Every identity the matrix runs, named as the test names show them. */
  const IDENTITY_NAMES = [
    'nobody',
    'guest',
    'member',
    'administrator',
    'guest via ?token=',
    'administrator via ?token=',
    'member via cookie',
    'administrator via cookie',
    'deleted user',
    'user whose password changed (old token)',
    'user whose password changed (new token)',
    'administrator demoted to user',
    'member: flipped signature byte',
    'member: alg none',
    'member: no signature',
    'member: expired',
    'member: signed with another key',
    'member: group changed to administrator',
    "member: subject changed to the administrator's id",
  ];

  beforeAll(async () => {
    attack = await startAttackServer(kind);
    const { server } = attack;
    const { ctx } = server;
    for (const caller of ['nobody', 'guest', 'member', 'administrator'] as const)
      identities.set(caller, { actsAs: caller, carrier: 'header', token: attack.token(caller) });
    for (const caller of ['guest', 'administrator'] as const)
      identities.set(`${caller} via ?token=`, {
        actsAs: caller,
        carrier: 'query',
        token: attack.token(caller),
      });
    for (const caller of ['member', 'administrator'] as const)
      identities.set(`${caller} via cookie`, {
        actsAs: caller,
        carrier: 'cookie',
        token: attack.token(caller),
      });

    const deleted = await register(server, 'doomed-user');
    await ctx.userAdmin.delete(['doomed-user']);
    identities.set('deleted user', { actsAs: 'nobody', carrier: 'header', token: deleted });

    const before = await register(server, 'changing-user', 'password1');
    const change = await server.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers: { authorization: `Bearer ${before}` },
      payload: { oldPassword: 'password1', newPassword: 'password2' },
    });
    expect(change.statusCode, change.body).toBe(200);
    const after = await login(server, 'changing-user', 'password2');
    identities.set('user whose password changed (old token)', {
      actsAs: 'nobody',
      carrier: 'header',
      token: before,
    });
    identities.set('user whose password changed (new token)', {
      actsAs: 'member',
      carrier: 'header',
      token: after,
    });

    await ctx.userAdmin.create('demoted-admin', 'password1', 'administrator');
    const demoted = await login(server, 'demoted-admin', 'password1');
    await ctx.userAdmin.update('demoted-admin', { group: 'user' });
    identities.set('administrator demoted to user', { actsAs: 'member', carrier: 'header', token: demoted });

    const administrator = await ctx.users.findByName('admin');
    const forged = await forgeTokens(
      attack.token('member') as string,
      readOrCreateSecret(server.dataDir, 'token'),
      administrator?.id ?? 1,
    );
    for (const [how, token] of Object.entries(forged))
      identities.set(`member: ${how}`, { actsAs: 'nobody', carrier: 'header', token });
    // Remembered sessions would hide the deletion and the demotion for a few seconds.
    ctx.accounts.forgetSessions();

    const work = String(attack.known.works[0]);
    sampleParams = { id: work, workId: work, fileId: '0', '*': 'word' };
  });
  afterAll(async () => {
    await attack?.close();
  });

  it('makes every identity it runs', () => {
    expect([...identities.keys()].sort()).toEqual([...IDENTITY_NAMES].sort());
  });

  it('has a route for every entry of the table (start-up refuses a route missing from it)', () => {
    for (const { key, method, pattern } of ROUTES)
      expect(attack.server.app.hasRoute({ method: method as 'GET', url: pattern }), key).toBe(true);
  });

  const cases = ROUTES.flatMap((route) => IDENTITY_NAMES.map((name) => [route.key, name, route] as const));

  /** Sends the route's request as the identity and checks the answer against the table. */
  async function expectTableAnswer(route: (typeof ROUTES)[number], identity: Identity): Promise<void> {
    const { method, pattern, access } = route;
    let url = pattern.replace(
      /:(\w+)|\*/g,
      (match, param: string | undefined) => sampleParams[param ?? match] ?? '1',
    );
    const headers: Record<string, string> = {};
    if (identity.token && identity.carrier === 'header') headers.authorization = `Bearer ${identity.token}`;
    if (identity.token && identity.carrier === 'query') url += `?token=${identity.token}`;
    if (identity.token && identity.carrier === 'cookie') headers.cookie = `${TOKEN_COOKIE}=${identity.token}`;
    const response = await attack.server.app.inject({
      method: method as 'GET',
      url,
      headers,
      // Server-sent events never end by themselves: read the head and let go.
      payloadAsStream: pattern.endsWith('/events'),
    });
    response.stream?.().destroy();
    const expected = EXPECTED[access][effectiveCaller(identity.actsAs, identity.carrier, method, pattern)];
    if (expected === 'pass') {
      expect([401, 403], `${response.statusCode} ${response.body}`).not.toContain(response.statusCode);
    } else {
      expect(response.statusCode, response.body).toBe(expected);
      if (expected === 401) expect(response.headers['www-authenticate']).toBe('Bearer');
    }
  }

  it.each(cases)('%s as %s', (_key, name, route) =>
    expectTableAnswer(route, identities.get(name) as Identity),
  );

  // Last, as it changes a setting every case above relies on: with guest access off, the guest's
  // token is no token at all.
  describe('with guest access turned off', () => {
    beforeAll(async () => {
      await attack.server.ctx.runtimeSettings.update({ guest: false });
      attack.server.ctx.accounts.forgetSessions();
    });

    it.each(ROUTES.map((route) => [route.key, route] as const))('%s as the guest', (_key, route) =>
      expectTableAnswer(route, { actsAs: 'nobody', carrier: 'header', token: attack.token('guest') }),
    );
  });
});
