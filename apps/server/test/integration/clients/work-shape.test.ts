import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS_ON, bearer, register } from '../../helpers/accounts.js';
import { insertWorks } from '../../helpers/catalogue-factory.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../../helpers/test-context.js';

/**
 * kikoeru's web app reads `work.circle.id`, `work.circle.name` and `tags[0].name` without a check and
 * shows `nsfw: null` as all-ages (issue 13 part 1): every answer that carries works must give each one a
 * circle object, a boolean nsfw and arrays of tags and voice actors, also for works whose metadata knows
 * none of them.
 */
describe.each(DATABASE_KINDS)('every Work is whole for the ecosystem apps on %s', (kind) => {
  let server: TestServer;
  let member: Record<string, string>;
  const BARE = 100_001;
  const FULL = 100_002;

  beforeAll(async () => {
    server = await startTestServer(kind, ACCOUNTS_ON);
    await insertWorks(server.ctx.database.db, [
      // No circle, no tags, no voice actors, nsfw unknown: what an old database or a bare folder leaves.
      {
        id: BARE,
        title: 'Bare work',
        nsfw: null,
        files: [{ path: 'a.mp3', type: 'audio', duration: 60 }],
      },
      {
        id: FULL,
        title: 'Full work',
        circle: { id: 7, name: 'Circle' },
        tags: [{ id: 3, name: 'ASMR' }],
        vas: [{ id: 'va-1', name: 'Voice' }],
        nsfw: true,
        files: [{ path: 'b.mp3', type: 'audio', duration: 60 }],
      },
    ]);
    member = bearer(await register(server, 'listener'));
    for (const id of [BARE, FULL]) {
      const review = await server.app.inject({
        method: 'PUT',
        url: '/api/review?starOnly=false',
        headers: member,
        payload: { work_id: id, rating: 4, progress: 'listening' },
      });
      expect(review.statusCode).toBe(200);
      const played = await server.app.inject({
        method: 'PUT',
        url: `/api/playback/${id}`,
        headers: member,
        payload: { fileId: 0, position: 5 },
      });
      expect(played.statusCode).toBeLessThan(300);
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  function expectWhole(work: Record<string, unknown>): void {
    const circle = work.circle as { id: unknown; name: unknown } | null;
    expect(typeof circle?.id, `work ${work.id}: circle.id`).toBe('number');
    expect(typeof circle?.name, `work ${work.id}: circle.name`).toBe('string');
    expect(typeof work.nsfw, `work ${work.id}: nsfw`).toBe('boolean');
    expect(Array.isArray(work.tags), `work ${work.id}: tags`).toBe(true);
    expect(Array.isArray(work.vas), `work ${work.id}: vas`).toBe(true);
  }

  async function worksOf(url: string): Promise<Array<Record<string, unknown>>> {
    const response = await server.app.inject({ method: 'GET', url, headers: member });
    expect(response.statusCode, url).toBe(200);
    const body = response.json();
    return Array.isArray(body.works) ? body.works : [body];
  }

  // The requests as kikoeru-quasar and the asmr.one variant send them.
  it.each([
    '/api/works?order=create_date&sort=desc&page=1&seed=42&subtitle=0',
    '/api/works?order=nsfw&sort=asc&page=1',
    '/api/search/work?order=release&sort=desc&page=1&subtitle=0',
    '/api/search?keyword=work',
    '/api/review?order=updated_at&sort=desc&page=1',
    '/api/review?order=updated_at&sort=desc&page=1&filter=listening',
    '/api/playback?page=1',
  ])('%s: both works, each whole', async (url) => {
    const works = await worksOf(url);
    expect(works.map((work) => work.id).sort()).toEqual([BARE, FULL]);
    for (const work of works) expectWhole(work);
  });

  it.each([`/api/work/${BARE}`, `/api/workInfo/${BARE}`, `/api/work/RJ${BARE}`])(
    '%s is whole',
    async (url) => {
      const [work] = await worksOf(url);
      expectWhole(work as Record<string, unknown>);
      expect(work).toMatchObject({ circle: { id: 0, name: '' }, nsfw: false, tags: [], vas: [] });
    },
  );
});
