import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, ADMIN, bearer, login } from '../helpers/accounts.js';
import { wav } from '../helpers/hostile-library.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../helpers/test-context.js';

/**
 * Folder names in decomposed Unicode (NFD), as macOS writes them and as libraries copied from a Mac keep
 * them: `ぱ` is `は` + U+309A. Typed searches are composed (NFC, what every input method gives): a work
 * from such a folder was found by no search for its title or circle.
 */
describe.each(DATABASE_KINDS)('a work folder named in NFD, on %s', (kind) => {
  const base = mkdtempSync(join(tmpdir(), 'sasayaki-nfd-'));
  const root = join(base, 'library');
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    const folder = join(root, 'RJ400101 [ざぶとん] ぱぴぷぺぽ'.normalize('NFD'));
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'a.wav'), wav(0.1));
    server = await startTestServer(kind, { ...ACCOUNTS, SASAYAKI_LIBRARY: root });
    await server.ctx.scans.run('incremental');
    token = await login(server, ADMIN.name, ADMIN.password);
  });
  afterAll(async () => {
    await server?.close();
    rmSync(base, { recursive: true, force: true });
  });

  const search = async (keyword: string) => {
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/search?keyword=${encodeURIComponent(keyword)}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as { works: Array<{ id: number; title: string }> }).works;
  };

  it('shows its title and circle composed, and is found by a typed (NFC) or a pasted (NFD) search', async () => {
    const work = await server.ctx.database.db
      .selectFrom('works')
      .select(['title'])
      .where('id', '=', 400_101)
      .executeTakeFirstOrThrow();
    expect(work.title).toBe('ぱぴぷぺぽ');
    for (const keyword of ['ぱぴぷ', 'ざぶとん', 'ぱぴぷ'.normalize('NFD'), '$circle:ざぶとん$']) {
      expect(
        (await search(keyword)).map((found) => found.id),
        keyword,
      ).toEqual([400_101]);
    }
  });
});
