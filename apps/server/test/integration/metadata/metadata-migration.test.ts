import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepExistingMetadata } from '../../../src/db/migrations/2026-11-25-0001-metadata-providers.js';
import { insertWorks } from '../../helpers/catalogue-factory.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../../helpers/test-context.js';

/** Issue 12: a library scanned before provider rows existed keeps its values as its provider's row. */
describe.each(DATABASE_KINDS)('the metadata-providers migration on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('stores each existing work as the row of its metadata source, every known field credited to it', async () => {
    const { db } = server.ctx.database;
    await insertWorks(db, [
      {
        id: 100001,
        title: 'Sidecar work',
        circle: { id: 77, name: 'Circle A' },
        tags: [{ id: 5, name: 'ASMR', i18n: { 'en-us': { name: 'ASMR' } } }],
        vas: [{ id: '8a0d0a6e-1111-4222-8333-944444444444', name: 'VA One' }],
        release: '2024-01-02',
        price: 990,
        nsfw: false,
      },
      { id: 100002, title: 'Invented circle', circle: { id: 1_000_000_003, name: 'Scanner circle' } },
    ]);
    await sql`UPDATE works SET metadata_source = 'none' WHERE id = 100002`.execute(db);
    // As a library scanned before the migration: works without provider rows or field sources.
    await sql`DELETE FROM work_metadata`.execute(db);
    await sql`UPDATE works SET field_sources = '{}'`.execute(db);

    await keepExistingMetadata(db as unknown as Kysely<unknown>);

    const rows = await db
      .selectFrom('work_metadata')
      .select(['work_id', 'provider', 'status', 'data'])
      .orderBy('work_id')
      .execute();
    expect(rows.map((row) => ({ ...row, data: JSON.parse(row.data) }))).toEqual([
      {
        work_id: 100001,
        provider: 'workinfo',
        status: 'ok',
        data: {
          title: 'Sidecar work',
          circle: { id: 77, name: 'Circle A' },
          tags: [{ id: 5, name: 'ASMR', i18n: { 'en-us': { name: 'ASMR' } } }],
          vas: [{ id: '8a0d0a6e-1111-4222-8333-944444444444', name: 'VA One' }],
          release: '2024-01-02',
          price: 990,
          nsfw: false,
        },
      },
      // 'none' was a title from the folder name; an id the scanner invented is not the provider's.
      {
        work_id: 100002,
        provider: 'folder',
        status: 'ok',
        data: { title: 'Invented circle', circle: { id: null, name: 'Scanner circle' } },
      },
    ]);
    const works = await db.selectFrom('works').select(['id', 'field_sources']).orderBy('id').execute();
    expect(JSON.parse(works[0]?.field_sources ?? '')).toEqual({
      title: 'workinfo',
      circle: 'workinfo',
      tags: 'workinfo',
      vas: 'workinfo',
      release: 'workinfo',
      price: 'workinfo',
      nsfw: 'workinfo',
    });
    expect(JSON.parse(works[1]?.field_sources ?? '')).toEqual({ title: 'folder', circle: 'folder' });
  });
});
