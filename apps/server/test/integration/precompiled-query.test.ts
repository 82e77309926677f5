import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompiledQuery } from '../../src/db/precompiled-query.js';
import { insertWorks } from '../helpers/catalogue-factory.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../helpers/test-context.js';

describe.each(DATABASE_KINDS)('precompiledQuery on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
    await insertWorks(server.ctx.database.db, [
      { id: 100, title: 'first', price: 100 },
      { id: 200, title: 'second', price: 200 },
      { id: 300, title: 'gone', price: 300, missing: true },
    ]);
  });
  afterAll(() => server.close());

  it("runs with each call's values and keeps the query's own constants", async () => {
    const { db } = server.ctx.database;
    const cheaperThan = precompiledQuery(db, (id: number, limit: number) =>
      db
        .selectFrom('works')
        .select(['id', 'title'])
        .where('id', '>=', id)
        .where('price', '<', limit)
        .where('missing', '=', 0)
        .orderBy('id'),
    );
    expect(await cheaperThan(100, 1000)).toEqual([
      { id: 100, title: 'first' },
      { id: 200, title: 'second' },
    ]);
    expect(await cheaperThan(150, 1000)).toEqual([{ id: 200, title: 'second' }]);
    expect(await cheaperThan(100, 150)).toEqual([{ id: 100, title: 'first' }]);
    // The work marked missing stays out: `missing = 0` was compiled in, not taken from the arguments.
    expect(await cheaperThan(300, 1000)).toEqual([]);
  });

  it('takes an sql template as well as a builder', async () => {
    const { db } = server.ctx.database;
    const titleOf = precompiledQuery(
      db,
      (id: number) => sql<{ title: string }>`SELECT title FROM works WHERE id = ${id}`,
    );
    expect(await titleOf(200)).toEqual([{ title: 'second' }]);
    expect(await titleOf(100)).toEqual([{ title: 'first' }]);
  });

  it('refuses a parameter the query does not use', () => {
    const { db } = server.ctx.database;
    expect(() =>
      precompiledQuery(db, (id: number, _unused: number) =>
        db.selectFrom('works').select('id').where('id', '=', id),
      ),
    ).toThrow(/argument 1 is not a parameter/);
  });
});
