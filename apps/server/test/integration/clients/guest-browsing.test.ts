import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS_ON, awayFromAMinuteEdge, bearer, login } from '../../helpers/accounts.js';
import { insertWorks } from '../../helpers/catalogue-factory.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../../helpers/test-context.js';

const PAGES = 8;
const WORK_IDS = Array.from({ length: 12 * PAGES }, (_, i) => 200_001 + i);
const LONG_WORK = 300_001;
const TRACKS = 30;

/**
 * The guest in the ecosystem's apps (issue 13 part 1): each list page is one request and 12 covers and
 * 12 thumbnails (detail cards, then the list rows' `sam` and the thumbnail grid's `240x240`), loaded from
 * the works' `*CoverUrl` fields with `?token=`. Eight pages within a minute must never meet a 429: covers
 * and thumbnails are counted in a budget of their own (SASAYAKI_GUEST_COVERS_PER_MINUTE).
 */
describe.each(DATABASE_KINDS)('a guest browsing in the apps on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, ACCOUNTS_ON);
    await insertWorks(server.ctx.database.db, [
      ...WORK_IDS.map((id) => ({ id, title: `Work ${id}` })),
      {
        id: LONG_WORK,
        title: 'Thirty tracks',
        files: Array.from({ length: TRACKS }, (_, i) => ({
          path: `${i + 1}.mp3`,
          type: 'audio',
          duration: 60,
        })),
      },
    ]);
  });
  afterAll(async () => {
    await server?.close();
  });

  it(`browses ${PAGES} list pages with their covers and thumbnails in a minute, never throttled`, async () => {
    const token = await login(server, 'guest', 'guest');
    await awayFromAMinuteEdge(20_000);
    const get = (url: string, headers: Record<string, string> = {}) =>
      server.app.inject({ method: 'GET', url, headers, remoteAddress: '198.51.100.77' });
    const statuses = new Set<number>();
    for (let page = 1; page <= PAGES; page++) {
      const list = await get(`/api/works?order=create_date&sort=desc&page=${page}&subtitle=0`, bearer(token));
      statuses.add(list.statusCode);
      const works = list.json().works as Array<Record<string, string>>;
      expect(works).toHaveLength(12);
      for (const work of works) {
        for (const url of [work.mainCoverUrl, work.samCoverUrl, work.thumbnailCoverUrl]) {
          statuses.add((await get(`${url}${url?.includes('?') ? '&' : '?'}token=${token}`)).statusCode);
        }
      }
      // The work page the listener opens from each list page: work, workInfo and tracks.
      const id = works[0]?.id;
      for (const url of [`/api/work/${id}`, `/api/workInfo/${id}`, `/api/tracks/${id}`]) {
        statuses.add((await get(url, bearer(token))).statusCode);
      }
    }
    expect([...statuses]).toEqual([200]);
  });

  // The asmr.one variant's work page, as its build sent it against Sasayaki: the work, its details and its
  // tree, then an OPTIONS prefetch hint of every track's low-bitrate stream (media/prefetch-queue.ts bounds
  // the work they queue), with the token in the Authorization header.
  it('opens 8 work pages of 30 tracks in a minute with their prefetch hints, never throttled', async () => {
    const token = await login(server, 'guest', 'guest');
    await awayFromAMinuteEdge(20_000);
    const send = (method: 'GET' | 'OPTIONS', url: string) =>
      server.app.inject({ method, url, headers: bearer(token), remoteAddress: '198.51.100.78' });
    const statuses = new Set<number>();
    for (let visit = 0; visit < PAGES; visit++) {
      for (const url of [`/api/workInfo/${LONG_WORK}`, `/api/work/${LONG_WORK}`, `/api/tracks/${LONG_WORK}`])
        statuses.add((await send('GET', url)).statusCode);
      for (let file = 0; file < TRACKS; file++)
        statuses.add((await send('OPTIONS', `/api/media/stream-lq/${LONG_WORK}/${file}`)).statusCode);
    }
    expect([...statuses].sort()).toEqual([200, 204]);
  });
});
