import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNTS_ON, awayFromAMinuteEdge, bearer, login } from '../../helpers/accounts.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../../helpers/test-context.js';

/**
 * `request.ip` decides whose limits a request counts toward. It is seen here through the guest's budget
 * of one request a minute: a second request counted under the same address is refused.
 */
describe.each(DATABASE_KINDS)('X-Forwarded-For on %s', (kind) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function guestRequests(
    trustProxy: string | null,
    requests: { from: string; forwardedFor: string }[],
  ) {
    server = await startTestServer(kind, {
      ...ACCOUNTS_ON,
      SASAYAKI_GUEST_REQUESTS_PER_MINUTE: '1',
      ...(trustProxy === null ? {} : { SASAYAKI_TRUST_PROXY: trustProxy }),
    });
    const guest = bearer(await login(server, 'guest', 'guest'));
    await awayFromAMinuteEdge(5_000);
    const statuses: number[] = [];
    for (const { from, forwardedFor } of requests) {
      const response = await server.app.inject({
        method: 'GET',
        url: '/api/works',
        remoteAddress: from,
        headers: { ...guest, 'x-forwarded-for': forwardedFor },
      });
      statuses.push(response.statusCode);
    }
    return statuses;
  }

  it('is ignored by default: a client cannot pick the address it is counted under', async () => {
    expect(
      await guestRequests(null, [
        { from: '203.0.113.7', forwardedFor: '198.51.100.1' },
        { from: '203.0.113.7', forwardedFor: '198.51.100.2' },
      ]),
    ).toEqual([200, 429]);
  });

  it('is honoured from a trusted proxy, so each client behind it has its own limits', async () => {
    expect(
      await guestRequests('10.0.0.0/8, ::1', [
        { from: '10.1.2.3', forwardedFor: '198.51.100.1' },
        { from: '10.1.2.3', forwardedFor: '198.51.100.2' },
        { from: '10.1.2.3', forwardedFor: '198.51.100.1' },
      ]),
    ).toEqual([200, 200, 429]);
  });

  it('is ignored from an address that is not a trusted proxy', async () => {
    expect(
      await guestRequests('10.0.0.1', [
        { from: '203.0.113.7', forwardedFor: '198.51.100.1' },
        { from: '203.0.113.7', forwardedFor: '198.51.100.2' },
      ]),
    ).toEqual([200, 429]);
  });

  it('takes a hop count: the address the nearest proxy saw', async () => {
    expect(
      await guestRequests('1', [
        { from: '10.1.2.3', forwardedFor: '192.0.2.9, 198.51.100.1' },
        { from: '10.1.2.3', forwardedFor: '192.0.2.9, 198.51.100.2' },
        { from: '10.1.2.4', forwardedFor: '198.51.100.2' },
      ]),
    ).toEqual([200, 200, 429]);
  });
});
