import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Envelope, Work } from '@sasayaki/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wav } from '../../helpers/hostile-library.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../../helpers/test-context.js';

/**
 * Language editions linked from sidecars (workinfo.json with DLsite's `language_editions` and
 * `translation_info`), whichever edition is scanned first; then the work page's list, `$lang:xx$` and
 * folding on what the scan wrote.
 */
const edition = (workno: string, lang: string, order: number) => ({
  workno,
  lang,
  label: lang,
  display_order: order,
  edition_type: 'language',
});
const EDITIONS = [
  edition('RJ000100', 'JPN', 1),
  edition('RJ000101', 'ENG', 2),
  edition('RJ000102', 'CHI_HANS', 3),
];

/** The Japanese original: it lists its editions and its translations. */
const ORIGINAL = {
  title: 'おやすみの耳かき',
  lang: 'JPN',
  language_editions: EDITIONS,
  translation_info: { is_original: true, is_parent: true, child_worknos: ['RJ000101', 'RJ000102'] },
};
/** The English translation: it names its original only. */
const ENGLISH = {
  title: 'Good-night Ear Cleaning',
  lang: 'ENG',
  translation_info: { is_translation_agree: true, is_child: true, original_workno: 'RJ000100', lang: 'ENG' },
};
/** The Chinese translation, from an older sidecar: no `lang` of its own, only the list of editions. */
const CHINESE = { title: '晚安掏耳朵', language_editions: EDITIONS, original_workno: 'RJ000100' };

const FOLDERS: Record<number, [string, object]> = {
  100: ['RJ000100 おやすみの耳かき', ORIGINAL],
  101: ['RJ000101 Good-night Ear Cleaning', ENGLISH],
  102: ['RJ000102 晚安掏耳朵', CHINESE],
};

function putWork(root: string, id: number): void {
  const [folder, info] = FOLDERS[id] as [string, object];
  mkdirSync(join(root, folder), { recursive: true });
  writeFileSync(join(root, folder, 'workinfo.json'), JSON.stringify(info));
  writeFileSync(join(root, folder, 'track.wav'), wav(0.2));
}

const others = (work: Work) =>
  work.other_language_editions_in_db.map(({ id, lang, source_id }) => ({ id, lang, source_id }));

describe.each(DATABASE_KINDS)('language editions from sidecars on %s', (kind) => {
  for (const order of [
    [100, 101, 102],
    [102, 101, 100],
  ]) {
    describe(`scanned in the order ${order.join(', ')}`, () => {
      let server: TestServer;
      let root: string;
      const get = async <T>(url: string): Promise<T> => {
        const response = await server.app.inject({ method: 'GET', url });
        expect(response.statusCode, response.body).toBe(200);
        return response.json() as T;
      };
      const ids = async (url: string) => (await get<Envelope>(url)).works.map((work) => work.id).sort();

      beforeAll(async () => {
        root = mkdtempSync(join(tmpdir(), 'sasayaki-editions-'));
        server = await startTestServer(kind, { SASAYAKI_LIBRARY: root });
        // One work a scan: each edition arrives after the ones before it are in the catalogue.
        for (const id of order) {
          putWork(root, id);
          const scan = await server.ctx.scans.run('incremental');
          expect(scan.status).toBe('finished');
        }
      });
      afterAll(async () => {
        await server?.close();
        rmSync(root, { recursive: true, force: true });
      });

      it('lists every other edition in the library on each work, in both directions', async () => {
        const original = await get<Work>('/api/workInfo/RJ000100');
        expect(others(original)).toEqual([
          { id: 101, lang: 'ENG', source_id: 'RJ000101' },
          { id: 102, lang: 'CHI_HANS', source_id: 'RJ000102' },
        ]);
        expect(others(await get<Work>('/api/workInfo/RJ000101')).map((other) => other.id)).toEqual([
          100, 102,
        ]);
        expect(others(await get<Work>('/api/workInfo/RJ000102'))).toEqual([
          { id: 100, lang: 'JPN', source_id: 'RJ000100' },
          { id: 101, lang: 'ENG', source_id: 'RJ000101' },
        ]);
      });

      it('gives a sidecar without a language the one its list of editions names for its code', async () => {
        const chinese = await get<Work>('/api/workInfo/RJ000102');
        expect(chinese.original_workno).toBe('RJ000100');
        expect(await ids('/api/search/%24lang%3Azh-cn%24')).toEqual([102]);
        expect(await ids('/api/search/%24lang%3Aen%24')).toEqual([101]);
        expect(await ids('/api/search/%24lang%3Aja%24')).toEqual([100]);
      });

      it('marks the translations and folds them into the original', async () => {
        expect(await ids('/api/works?translated=1')).toEqual([101, 102]);
        expect(await ids('/api/works?includeTranslationWorks=false')).toEqual([100]);
        expect(await ids('/api/works')).toEqual([100, 101, 102]);
      });
    });
  }

  describe('when an edition goes missing and comes back', () => {
    let server: TestServer;
    let root: string;
    let away: string;
    const get = async <T>(url: string): Promise<T> =>
      (await server.app.inject({ method: 'GET', url })).json() as T;
    // The catalogue's cache looks at the version at most once a second: read until the scan shows.
    const editionsOf = (code: string) =>
      expect.poll(async () => others(await get<Work>(`/api/workInfo/${code}`)).map((other) => other.id), {
        timeout: 5_000,
      });

    beforeAll(async () => {
      root = mkdtempSync(join(tmpdir(), 'sasayaki-editions-'));
      away = mkdtempSync(join(tmpdir(), 'sasayaki-editions-away-'));
      for (const id of [100, 101]) putWork(root, id);
      server = await startTestServer(kind, { SASAYAKI_LIBRARY: root });
      await server.ctx.scans.run('incremental');
    });
    afterAll(async () => {
      await server?.close();
      rmSync(root, { recursive: true, force: true });
      rmSync(away, { recursive: true, force: true });
    });

    it('stops linking to it while it is gone, unfolds its translations, and links it again on its return', async () => {
      const [folder] = FOLDERS[100] as [string, object];
      await editionsOf('RJ000101').toEqual([100]);
      renameSync(join(root, folder), join(away, folder));
      await server.ctx.scans.run('incremental');
      await editionsOf('RJ000101').toEqual([]);
      const folded = await get<Envelope>('/api/works?includeTranslationWorks=false');
      expect(folded.works.map((entry) => entry.id)).toEqual([101]);

      renameSync(join(away, folder), join(root, folder));
      await server.ctx.scans.run('incremental');
      await editionsOf('RJ000101').toEqual([100]);
    });
  });
});
