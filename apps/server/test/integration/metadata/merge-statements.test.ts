import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkMetadataStore, type WorkProviderResult } from '../../../src/metadata/work-metadata-store.js';
import { CatalogueWriteRepository } from '../../../src/repositories/catalogue-write.repository.js';
import { StatementCounter } from '../../helpers/statement-counter.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../../helpers/test-context.js';

/**
 * Issue 15 item 7 and issue 12's import budget: the batch merge (the kikoeru import, the DLsite job's
 * batches) costs a constant number of statements per batch, not a dozen round trips per work.
 */
describe.each(DATABASE_KINDS)('the batch merge on %s', (kind) => {
  let server: TestServer;
  let nextId = 310_000;

  beforeAll(async () => {
    server = await startTestServer(kind, {});
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Inserts `count` works as a scan finds them before any metadata is merged; returns their ids. */
  async function insertWorks(count: number): Promise<number[]> {
    const now = new Date().toISOString();
    const ids = Array.from({ length: count }, () => nextId++);
    await server.ctx.database.db
      .insertInto('works')
      .values(
        ids.map((id) => ({
          id,
          title: `RJ${id}`,
          root_dir: '/library',
          dir: `RJ${id}`,
          metadata_source: 'none',
          create_date: now,
          scanned_at: now,
        })),
      )
      .execute();
    return ids;
  }

  /** Merges `size` new works sharing labels named after `prefix` (new to the database); returns the statements. */
  async function statementsToMerge(size: number, prefix: string): Promise<number> {
    const db = server.ctx.database.db;
    const now = new Date().toISOString();
    const ids = await insertWorks(size);
    const counter = new StatementCounter();
    const counted = db.withPlugin(counter);
    const store = new WorkMetadataStore({
      db: counted,
      catalogue: new CatalogueWriteRepository(counted, kind),
      providerOrder: () => ['kikoeru'],
      catalogueChanged: () => {},
      now: () => now,
    });
    const results: WorkProviderResult[] = ids.map((id) => ({
      workId: id,
      provider: 'kikoeru',
      result: {
        status: 'ok',
        data: {
          title: `${prefix} title ${id}`,
          circle: { id: null, name: `${prefix} circle` },
          tags: [
            { id: null, name: `${prefix} tag 1`, i18n: {} },
            { id: null, name: `${prefix} tag 2`, i18n: {} },
          ],
          vas: [{ id: null, name: `${prefix} va` }],
          release: '2020-01-02',
          price: 110,
        },
      },
    }));
    await store.saveAndRemerge(results);

    const merged = await db
      .selectFrom('works')
      .innerJoin('circles', 'circles.id', 'works.circle_id')
      .select(['works.title', 'circles.name', 'works.price'])
      .where('works.id', 'in', ids)
      .execute();
    expect(merged).toHaveLength(size);
    expect(merged.every((row) => row.name === `${prefix} circle` && row.price === 110)).toBe(true);
    const tagLinks = await db.selectFrom('work_tags').select('work_id').where('work_id', 'in', ids).execute();
    expect(tagLinks).toHaveLength(size * 2);
    const vaLinks = await db.selectFrom('work_vas').select('work_id').where('work_id', 'in', ids).execute();
    expect(vaLinks).toHaveLength(size);
    return counter.count;
  }

  it('links every work of a batch to a label another work of the same batch re-keyed to its official id', async () => {
    const db = server.ctx.database.db;
    const [first, second] = (await insertWorks(2)) as [number, number];
    // The first work knows the tag and circle by name only (a reserved id is invented); the second
    // brings their official ids, which take the invented rows' place.
    await server.ctx.metadata.saveAndRemerge(
      [
        {
          id: first,
          circle: { id: null, name: 'Re-keyed circle' },
          tag: { id: null, name: 'Re-keyed tag', i18n: {} },
        },
        {
          id: second,
          circle: { id: 4242, name: 'Re-keyed circle' },
          tag: { id: 4343, name: 'Re-keyed tag', i18n: {} },
        },
      ].map(({ id, circle, tag }) => ({
        workId: id,
        provider: 'workinfo' as const,
        result: { status: 'ok' as const, data: { circle, tags: [tag] } },
      })),
    );
    const works = await db
      .selectFrom('works')
      .select(['id', 'circle_id'])
      .where('id', 'in', [first, second])
      .orderBy('id')
      .execute();
    expect(works).toEqual([
      { id: first, circle_id: 4242 },
      { id: second, circle_id: 4242 },
    ]);
    const links = await db
      .selectFrom('work_tags')
      .select(['work_id', 'tag_id'])
      .where('work_id', 'in', [first, second])
      .orderBy('work_id')
      .execute();
    expect(links).toEqual([
      { work_id: first, tag_id: 4343 },
      { work_id: second, tag_id: 4343 },
    ]);
    const tags = await db.selectFrom('tags').select('id').where('name', '=', 'Re-keyed tag').execute();
    expect(tags).toEqual([{ id: 4343 }]);
  });

  it('never gives a new label the id of one re-keyed in the same batch, nor keeps that id for its name', async () => {
    const db = server.ctx.database.db;
    const ids = await insertWorks(4);
    const circleOf = (workId: number, circle: { id: number | null; name: string }) => ({
      workId,
      provider: 'workinfo' as const,
      result: { status: 'ok' as const, data: { circle } },
    });
    // The first work invents an id for a circle known by name; the second brings its official id (the
    // invented row is merged into it and deleted); the third names a circle new to the database.
    await server.ctx.metadata.saveAndRemerge([
      circleOf(ids[0] as number, { id: null, name: 'Freed circle' }),
      circleOf(ids[1] as number, { id: 4545, name: 'Freed circle' }),
      circleOf(ids[2] as number, { id: null, name: 'Newcomer circle' }),
    ]);
    // A later batch names the first circle by name again.
    await server.ctx.metadata.saveAndRemerge([
      circleOf(ids[3] as number, { id: null, name: 'Freed circle' }),
    ]);
    const works = await db
      .selectFrom('works')
      .innerJoin('circles', 'circles.id', 'works.circle_id')
      .select(['works.id', 'circles.id as circleId', 'circles.name'])
      .where('works.id', 'in', ids)
      .orderBy('works.id')
      .execute();
    expect(works.map(({ name }) => name)).toEqual([
      'Freed circle',
      'Freed circle',
      'Newcomer circle',
      'Freed circle',
    ]);
    expect(
      works.filter(({ name }) => name === 'Freed circle').every(({ circleId }) => circleId === 4545),
    ).toBe(true);
  });

  it('sends as many statements for a batch of 150 works as for a batch of 3', async () => {
    const small = await statementsToMerge(3, 'Small');
    const large = await statementsToMerge(150, 'Large');
    expect(large).toBe(small);
    // Saving, four reads, the labels (new ones: a few each), the links and the rows.
    expect(small).toBeLessThan(40);
  });
});
