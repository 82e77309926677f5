import type { Envelope, ErrorBody } from '@sasayaki/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FactoryWork, insertWorks } from '../../helpers/catalogue-factory.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../../helpers/test-context.js';

/**
 * The list filters of language editions, on the columns the merge fills (`lang`, `is_translation`,
 * `translation_of`; the linking itself is tested in language-editions.test.ts): `$lang:xx$`,
 * `translated=1` and `includeTranslationWorks=false`.
 */
const CIRCLE = { id: 7, name: 'Edition Circle' };
type EditionColumns = { lang: string | null; is_translation: number; translation_of: number | null };
const WORKS: Array<FactoryWork & EditionColumns> = [
  { id: 100, title: 'Original', lang: 'JPN', is_translation: 0, translation_of: null },
  { id: 101, title: 'Original in English', lang: 'ENG', is_translation: 1, translation_of: 100 },
  { id: 102, title: 'Original in Chinese', lang: 'CHI_HANS', is_translation: 1, translation_of: 100 },
  { id: 200, title: 'Translation of a work not here', lang: 'ENG', is_translation: 1, translation_of: 199 },
  {
    id: 300,
    title: 'Original gone missing',
    lang: 'JPN',
    is_translation: 0,
    translation_of: null,
    missing: true,
  },
  { id: 301, title: 'Translation of the missing one', lang: 'KO_KR', is_translation: 1, translation_of: 300 },
  { id: 400, title: 'No edition metadata', lang: null, is_translation: 0, translation_of: null },
].map((work, index) => ({ ...work, circle: CIRCLE, release: `2020-01-${String(10 + index)}` }));

describe.each(DATABASE_KINDS)('language edition filters on %s', (kind) => {
  let server: TestServer;
  const get = (url: string) => server.app.inject({ method: 'GET', url });
  const list = async (url: string) => {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as Envelope;
    return {
      ids: body.works.map((work) => work.id).sort((a, b) => a - b),
      total: body.pagination.totalCount,
    };
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    const { db } = server.ctx.database;
    await insertWorks(db, WORKS);
    for (const { id, lang, is_translation, translation_of } of WORKS) {
      await db
        .updateTable('works')
        .set({ lang, is_translation, translation_of })
        .where('id', '=', id)
        .execute();
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lists every edition by default, as before', async () => {
    expect(await list('/api/works')).toEqual({ ids: [100, 101, 102, 200, 301, 400], total: 6 });
    expect((await list('/api/works?includeTranslationWorks=true')).total).toBe(6);
  });

  it('folds translations whose original is present, in lists, searches and label pages', async () => {
    const folded = { ids: [100, 200, 301, 400], total: 4 };
    expect(await list('/api/works?includeTranslationWorks=false')).toEqual(folded);
    expect(await list('/api/works?includeTranslationWorks=0&order=title&sort=asc')).toEqual(folded);
    expect(await list('/api/search/Edition?includeTranslationWorks=false')).toEqual(folded);
    expect(await list(`/api/circles/${CIRCLE.id}/works?includeTranslationWorks=false`)).toEqual(folded);
  });

  it('still finds a folded translation by its code', async () => {
    expect(await list('/api/search/RJ000101?includeTranslationWorks=false')).toEqual({
      ids: [101],
      total: 1,
    });
    expect(await list('/api/search/RJ000101 English?includeTranslationWorks=false')).toEqual({
      ids: [101],
      total: 1,
    });
  });

  it('lists only translations with translated=1', async () => {
    expect(await list('/api/works?translated=1')).toEqual({ ids: [101, 102, 200, 301], total: 4 });
    expect(await list('/api/works?translated=1&includeTranslationWorks=false')).toEqual({
      ids: [200, 301],
      total: 2,
    });
  });

  it.each([
    ['$lang:en$', [101, 200]],
    ['$lang:ENG$', [101, 200]],
    ['$lang:zh-cn$', [102]],
    ['$lang:chi_hans$', [102]],
    ['$lang:ja$', [100]],
    ['$lang:ko$ Translation', [301]],
    ['$lang:zh-tw$', []],
  ])('finds the editions in a language: %s', async (keyword, ids) => {
    expect((await list(`/api/search/${encodeURIComponent(keyword)}`)).ids).toEqual(ids);
  });

  it.each([
    ['/api/search/%24lang%3Aklingon%24', 'keyword'],
    ['/api/works?includeTranslationWorks=maybe', 'includeTranslationWorks'],
    ['/api/works?translated=yes', 'translated'],
  ])('refuses %s with a 400 naming the parameter', async (url, param) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    const body = response.json() as ErrorBody;
    expect(body.errors?.[0]?.param).toBe(param);
  });
});
