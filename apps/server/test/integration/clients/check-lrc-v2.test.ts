import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWorks } from '../../helpers/catalogue-factory.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../../helpers/test-context.js';

/**
 * 201: an original with an mp3 folder (subtitled) and a `SE無し` wav folder (not); 202: its Chinese
 * edition in the library, whose subtitle carries a language word in its name.
 */
describe.each(DATABASE_KINDS)('POST /api/media/check-lrc-v2 on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
    await insertWorks(server.ctx.database.db, [
      {
        id: 201,
        title: 'はじめての耳かき',
        files: [
          { path: 'mp3/01 はじめに.mp3', type: 'audio', duration: 120, subtitle: 'mp3/01 はじめに.lrc' },
          { path: 'mp3/01 はじめに.lrc', type: 'text' },
          { path: 'mp3/02 耳かき.mp3', type: 'audio', duration: 300, subtitle: 'mp3/02 耳かき.mp3.vtt' },
          { path: 'mp3/02 耳かき.mp3.vtt', type: 'text' },
          { path: 'SE無し/01 はじめに(SEなし).wav', type: 'audio', duration: 119.6 },
          { path: 'SE無し/02 耳かき(SEなし).wav', type: 'audio', duration: 299.5 },
        ],
      },
      {
        id: 202,
        title: '第一次掏耳朵',
        files: [
          { path: '01 はじめに.mp3', type: 'audio', duration: 120.3, subtitle: '01 はじめに 中文.lrc' },
          { path: '01 はじめに 中文.lrc', type: 'text' },
        ],
      },
    ]);
    const edition = (id: number, lang: string) =>
      JSON.stringify([{ id, lang, title: '', source_id: `RJ${id}` }]);
    const db = server.ctx.database.db;
    await db
      .updateTable('works')
      .set({ other_editions: edition(202, 'CHI_HANS') })
      .where('id', '=', 201)
      .execute();
    await db
      .updateTable('works')
      .set({ other_editions: edition(201, 'JPN') })
      .where('id', '=', 202)
      .execute();
  });
  afterAll(async () => {
    await server?.close();
  });

  const ask = (payload: Record<string, unknown>) =>
    server.app.inject({ method: 'POST', url: '/api/media/check-lrc-v2', payload });

  it("finds the mp3 folder's subtitle for the SE無し wav track, then the edition's, best first", async () => {
    // As KikoeruApi sends it: the work's numeric id, the length in seconds, the bare file name.
    const response = await ask({
      intProductID: 201,
      mediaDuration: 119.6,
      mediaFileName: '01 はじめに(SEなし).wav',
    });
    expect(response.statusCode, response.body).toBe(200);
    const candidates = response.json();
    expect(candidates.map((c: { hash: string }) => c.hash)).toEqual(['201/1', '202/1']);
    expect(candidates[0]).toMatchObject({
      title: '01 はじめに.lrc',
      subPath: ['mp3'],
      ext: 'lrc',
      duration: 120,
    });
    expect(candidates[0].confidence).toBeGreaterThan(candidates[1].confidence);
    expect(candidates[1]).toMatchObject({ title: '01 はじめに 中文.lrc', subPath: [], duration: 120.3 });
  });

  it("never offers another track's subtitle, nor one whose audio is of another length", async () => {
    const second = await ask({
      intProductID: 201,
      mediaDuration: 299.5,
      mediaFileName: '02 耳かき(SEなし).wav',
    });
    expect(second.json().map((c: { hash: string }) => c.hash)).toEqual(['201/3']);
    const longer = await ask({ intProductID: 201, mediaDuration: 200, mediaFileName: '01 はじめに.mp3' });
    expect(longer.json()).toEqual([]);
  });

  it('matches by name alone when the app sends no length', async () => {
    const response = await ask({ intProductID: 202, mediaFileName: '01 はじめに.mp3' });
    expect(response.json().map((c: { hash: string }) => c.hash)).toEqual(['201/1']);
    // The SE marker is no part of the name: without a length, the name alone must match.
    const withoutEffects = await ask({ intProductID: 201, mediaFileName: '01_はじめに_NoSE.wav' });
    expect(withoutEffects.json().map((c: { hash: string }) => c.hash)).toEqual(['201/1']);
  });

  it('answers 404 for an unknown work and 400 without a file name', async () => {
    expect((await ask({ intProductID: 999, mediaDuration: 1, mediaFileName: 'x.mp3' })).statusCode).toBe(404);
    const missing = await ask({ intProductID: 201, mediaDuration: 1 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].param).toBe('mediaFileName');
  });
});
