import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FACTORY_LIBRARY, insertWorks } from '../../helpers/catalogue-factory.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../../helpers/test-context.js';

/**
 * The asmr.one web app links every 8-digit work as `RJ` + the last six digits of its id (issue 13):
 * `RJ01087228` as `/work/RJ087228` (asking `/api/work/087228`), `RJ02337583` as `/work/RJ337583` (asking
 * `/api/work/337583`). A six-digit code that names no work stands for the one 8-digit work ending in it.
 */
describe.each(DATABASE_KINDS)('six-digit codes of 8-digit works on %s', (kind) => {
  let server: TestServer;
  const get = (url: string) => server.app.inject({ method: 'GET', url });
  const audio = [{ path: 'track.mp3', type: 'audio', duration: 60 }];

  beforeAll(async () => {
    // Its folder is configured, so check-lrc looks at the files (there is none: no subtitle).
    server = await startTestServer(kind, { SASAYAKI_LIBRARY: FACTORY_LIBRARY });
    await insertWorks(server.ctx.database.db, [
      { id: 1_087_228, title: 'Eight digits', files: audio },
      // 011111 could be either of these: never a guess.
      { id: 2_011_111, title: 'One of two', files: audio },
      { id: 3_011_111, title: 'Two of two', files: audio },
      // 055555 names a six-digit work of its own.
      { id: 55_555, title: 'Six digits', files: audio },
      { id: 1_055_555, title: 'Shadowed', files: audio },
      // A missing work is not a candidate.
      { id: 1_066_666, title: 'Present', files: audio },
      { id: 2_066_666, title: 'Gone', files: audio, missing: true },
      // Most 8-digit works: their last six digits have no leading zero.
      { id: 2_337_583, title: 'No zero', files: audio },
      // 234567 is a six-digit work of its own: its code is never RJ01234567's.
      { id: 234_567, title: 'Six digits, no zero', files: audio },
      { id: 1_234_567, title: 'Shadowed, no zero', files: audio },
      // 222222 could be either of these.
      { id: 1_222_222, title: 'One of two, no zero', files: audio },
      { id: 2_222_222, title: 'Two of two, no zero', files: audio },
      { id: 1_009_085, title: 'Two leading zeros', files: audio },
    ]);
  });
  afterAll(async () => {
    await server?.close();
  });

  // The asmr.one variant's requests for the work page, its tree, its cover and its files.
  it.each(['/api/work/087228', '/api/workInfo/087228', '/api/work/RJ087228'])(
    '%s answers RJ01087228',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: 1_087_228, source_id: 'RJ01087228' });
    },
  );

  it('answers the tree, the cover and the files for the short code', async () => {
    const tracks = await get('/api/tracks/087228');
    expect(tracks.statusCode).toBe(200);
    expect(tracks.json()[0]).toMatchObject({ title: 'track.mp3', hash: '1087228/0' });
    for (const url of ['/api/cover/087228.jpg?type=main', '/api/cover/RJ087228?type=240x240']) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
    expect((await get('/api/media/check-lrc/087228/0')).json()).toMatchObject({ result: false });
  });

  // What the asmr.one variant asks for the card of RJ02337583 (seen in its build against Sasayaki): the
  // work page's three calls and the cover it builds when a work carries no cover URL.
  it.each(['/api/workInfo/337583', '/api/work/337583', '/api/work/RJ337583'])(
    '%s answers RJ02337583, whose last six digits have no leading zero',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: 2_337_583, source_id: 'RJ02337583' });
    },
  );

  it('answers the tree, the cover and the files for a short code without a leading zero', async () => {
    const tracks = await get('/api/tracks/337583');
    expect(tracks.statusCode).toBe(200);
    expect(tracks.json()[0]).toMatchObject({ title: 'track.mp3', hash: '2337583/0' });
    expect((await get('/api/cover/337583.jpg?type=main')).statusCode).toBe(200);
    expect((await get('/api/media/check-lrc/337583/0')).json()).toMatchObject({ result: false });
  });

  // While its work page waits for the work, the variant shows the cover of `parseInt` of the code in its
  // address: /work/RJ087228 asks /api/cover/87228.jpg, /work/RJ009085 /api/cover/9085.jpg.
  it.each([
    ['/api/cover/87228.jpg?type=main', 1_087_228],
    ['/api/cover/9085.jpg?type=main', 1_009_085],
  ])("%s, the cover the variant shows first, is that 8-digit work's", async (url, id) => {
    // Every factory work has the placeholder cover: which work was asked is what tells them apart.
    const cover = vi.spyOn(server.ctx.media, 'cover');
    try {
      expect((await get(url)).statusCode).toBe(200);
      expect(cover).toHaveBeenLastCalledWith(id, 'main', 'jpeg');
    } finally {
      cover.mockRestore();
    }
  });

  it('never guesses between two 8-digit works, nor over a six-digit work, nor for a missing one', async () => {
    expect((await get('/api/work/222222')).statusCode).toBe(404);
    expect((await get('/api/work/234567')).json()).toMatchObject({ id: 234_567 });
    expect((await get('/api/cover/234567.jpg?type=main')).statusCode).toBe(200);
    expect((await get('/api/work/011111')).statusCode).toBe(404);
    expect((await get('/api/tracks/011111')).statusCode).toBe(404);
    expect((await get('/api/work/055555')).json()).toMatchObject({ id: 55_555 });
    expect((await get('/api/work/066666')).json()).toMatchObject({ id: 1_066_666 });
    expect((await get('/api/work/099999')).statusCode).toBe(404);
    // Ids without a leading zero are ids (docs/clients.md, the decision): 87228 is RJ087228's id, never
    // RJ01087228, on every route that takes a work.
    for (const url of ['/api/work/87228', '/api/workInfo/87228', '/api/tracks/87228'])
      expect((await get(url)).statusCode, url).toBe(404);
    expect((await get('/api/work/55555')).json()).toMatchObject({ id: 55_555 });
    // The cover's short number is read the same way only when no work has it, and only with `.jpg`.
    const cover = vi.spyOn(server.ctx.media, 'cover');
    expect((await get('/api/cover/55555.jpg')).statusCode).toBe(200);
    expect(cover).toHaveBeenLastCalledWith(55_555, 'main', 'jpeg');
    cover.mockRestore();
    expect((await get('/api/cover/87228')).statusCode).toBe(404);
    expect((await get('/api/cover/22222.jpg')).statusCode).toBe(404);
  });

  it('looks for an 8-digit work only when the route found none', async () => {
    const lookUp = vi.spyOn(server.ctx.catalogue, 'shortCodeTarget');
    try {
      for (const url of ['/api/work/234567', '/api/cover/234567.jpg?type=main', '/api/tracks/055555'])
        expect((await get(url)).statusCode, url).toBe(200);
      expect(lookUp).not.toHaveBeenCalled();
      expect((await get('/api/work/337583')).statusCode).toBe(200);
      expect(lookUp).toHaveBeenCalledWith(337_583);
    } finally {
      lookUp.mockRestore();
    }
  });

  it('works the answer out once per catalogue version (logged then)', async () => {
    const first = await server.ctx.catalogue.shortCodeTarget(44_444);
    const again = await server.ctx.catalogue.shortCodeTarget(44_444);
    expect([first.fresh, again.fresh]).toEqual([true, false]);
    await insertWorks(server.ctx.database.db, [{ id: 1_044_444, title: 'New', files: audio }]);
    server.ctx.catalogue.catalogueChanged();
    expect(await server.ctx.catalogue.shortCodeTarget(44_444)).toEqual({ id: 1_044_444, fresh: true });
  });
});
