import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { preparedName } from '../../src/db/prepared-statements.js';
import { WorkRepository } from '../../src/repositories/work.repository.js';
import { insertWorks } from '../helpers/catalogue-factory.js';
import { startTestServer, type TestServer } from '../helpers/test-context.js';

/**
 * The plan PostgreSQL keeps for a work's card (prepared once per connection, then one generic plan): each
 * of the work's tags is a primary-key probe of `tags`. As a join it hashed every tag for every card, a
 * sequential scan of the tags per work (repositories/work.repository.ts, TAG_OF).
 */
describe.skipIf(!process.env.TEST_POSTGRES_URL)('the card plan on postgres', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('postgres');
    const { db } = server.ctx.database;
    await insertWorks(
      db,
      Array.from({ length: 50 }, (_, i) => ({ id: 100_001 + i, title: `Work ${i}` })),
    );
    // As many tags as the bench's catalogue, named in three languages, and eight on each work.
    await sql`INSERT INTO tags (id, name, i18n)
      SELECT g, 'tag number ' || g, json_build_object(
        'en-us', json_build_object('name', 'English name of tag ' || g),
        'ja-jp', json_build_object('name', '日本語のタグの名前 ' || g),
        'zh-cn', json_build_object('name', '中文标签名称 ' || g))::text
      FROM generate_series(1, 700) g`.execute(db);
    await sql`INSERT INTO work_tags (work_id, tag_id)
      SELECT w.id, (w.id * 7 + k * 83) % 700 + 1 FROM works w, generate_series(1, 8) k`.execute(db);
    await sql`ANALYZE`.execute(db);
  });
  afterAll(() => server?.close());

  it('probes the tags by key instead of hashing them all', async () => {
    const { db } = server.ctx.database;
    const card = new WorkRepository(db, 'postgres')['cardsQuery'](sql`w.id = $1`).compile(db).sql;
    const plan = await db.connection().execute(async (connection) => {
      await sql`SET plan_cache_mode = force_generic_plan`.execute(connection);
      await sql.raw(`PREPARE card_plan_test(int) AS ${card}`).execute(connection);
      try {
        const { rows } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN EXECUTE card_plan_test(100001)`.execute(
          connection,
        );
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      } finally {
        await sql`DEALLOCATE card_plan_test`.execute(connection);
        await sql`RESET plan_cache_mode`.execute(connection);
      }
    });
    expect(plan).toMatch(/Index Scan using tags_pkey/);
    expect(plan).not.toMatch(/Seq Scan on tags\b/);
    // The same card, its tags by name.
    const [work] = await new WorkRepository(db, 'postgres').cardsByIds([100_001]);
    expect(work?.tags.map(([id]) => id)).toHaveLength(8);
    expect(work?.tags.map(([, name]) => name)).toEqual(work?.tags.map(([, name]) => name).sort());
  });

  it('asks several cards with one prepared statement, whatever their number', async () => {
    const { db } = server.ctx.database;
    const repository = new WorkRepository(db, 'postgres');
    const spy = vi.spyOn(Object.getPrototypeOf(db.getExecutor()), 'executeQuery');
    try {
      const two = await repository.cardsByIds([100_003, 100_001]);
      const three = await repository.cardsByIds([100_002, 999_999, 100_005, 100_004]);
      expect(two.map((work) => work.id)).toEqual([100_003, 100_001]);
      expect(three.map((work) => work.id)).toEqual([100_002, 100_005, 100_004]);
      // The server's own once-a-second checks may land in between: only the cards are looked at.
      const texts = spy.mock.calls
        .map(([query]) => (query as { sql: string }).sql)
        .filter((text) => text.includes('FROM works w LEFT JOIN circles'));
      expect(texts).toHaveLength(2);
      // One text, prepared once per connection: a text per count was parsed and planned every time.
      expect(texts[1]).toBe(texts[0]);
      expect(preparedName(texts[0] as string)).toBeDefined();
    } finally {
      spy.mockRestore();
    }
  });
});
