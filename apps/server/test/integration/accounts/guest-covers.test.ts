import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNTS_ON, awayFromAMinuteEdge, bearer, login } from '../../helpers/accounts.js';
import { insertWorks } from '../../helpers/catalogue-factory.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../../helpers/test-context.js';

const WORK_IDS = Array.from({ length: 12 }, (_, i) => 100_001 + i);

/** The guest's covers have a budget of their own: a list page is one request and a dozen covers. */
describe.each(DATABASE_KINDS)("the guest's cover budget on %s", (kind) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function guestServer(env: Record<string, string> = {}) {
    server = await startTestServer(kind, { ...ACCOUNTS_ON, ...env });
    await insertWorks(
      server.ctx.database.db,
      WORK_IDS.map((id) => ({ id, title: `Work ${id}` })),
    );
    const guest = bearer(await login(server, 'guest', 'guest'));
    await awayFromAMinuteEdge(10_000);
    const get = async (url: string) =>
      await (server as TestServer).app.inject({
        method: 'GET',
        url,
        headers: guest,
        remoteAddress: '198.51.100.5',
      });
    return { server, get };
  }

  it('browses five list pages with their covers within the default limits', async () => {
    const { get } = await guestServer();
    for (let page = 1; page <= 5; page++) {
      expect((await get(`/api/works?page=${page}`)).statusCode).toBe(200);
      for (const id of WORK_IDS) expect((await get(`/api/cover/${id}?type=240x240`)).statusCode).toBe(200);
    }
  });

  it('counts covers apart from other requests, each budget ending in 429 with Retry-After', async () => {
    const { server, get } = await guestServer({
      SASAYAKI_GUEST_REQUESTS_PER_MINUTE: '2',
      SASAYAKI_GUEST_COVERS_PER_MINUTE: '5',
    });
    expect((await get('/api/works')).statusCode).toBe(200);
    for (const id of WORK_IDS.slice(0, 5)) expect((await get(`/api/cover/${id}`)).statusCode).toBe(200);
    const cover = await get(`/api/cover/${WORK_IDS[5]}`);
    expect(cover.statusCode).toBe(429);
    expect(Number(cover.headers['retry-after'])).toBeGreaterThan(0);

    expect((await get('/api/works')).statusCode).toBe(200);
    const list = await get('/api/works');
    expect(list.statusCode).toBe(429);
    expect(Number(list.headers['retry-after'])).toBeGreaterThan(0);

    // Covers cost the database nothing: only the two list requests were counted there.
    if (kind === 'postgres') {
      const rows = await server.ctx.database.db.selectFrom('rate_limits').select(['key', 'count']).execute();
      expect(rows).toEqual([{ key: 'guest:198.51.100.5', count: 3 }]);
    }
  });
});
