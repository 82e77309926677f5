import type { CompiledQuery, QueryResult } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { markCatalogueChanged, markWorkChanged } from '../../src/repositories/catalogue-version.js';
import { insertWorks } from '../helpers/catalogue-factory.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../helpers/test-context.js';

/**
 * The catalogue cache's once-a-second check (services/catalogue-cache.ts) asks where the catalogue stands in
 * one statement (the latest scan, the catalogue version and the count of single-work changes): on
 * PostgreSQL one round trip instead of two in a row beside a third. What it sees moves as before.
 */
describe.each(DATABASE_KINDS)('the catalogue version check on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
    await insertWorks(server.ctx.database.db, [{ id: 100001, title: 'One', release: '2024-01-01' }]);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** The statements about the catalogue's state that one check sends (the settings follower's are not). */
  const checkStatements = async (): Promise<string[]> => {
    const executor = server.ctx.database.db.getExecutor();
    const spy = vi.spyOn(executor, 'executeQuery');
    try {
      server.ctx.catalogue.catalogueChanged();
      await server.ctx.catalogue.generation();
      return spy.mock.calls
        .map(([query]) => query.sql)
        .filter((text) => /catalogue_version|work_changes|"?scans"?/.test(text));
    } finally {
      spy.mockRestore();
    }
  };

  it('reads the scan mark, the version and the work changes in one statement', async () => {
    expect(await checkStatements()).toHaveLength(1);
  });

  it('still moves the generation on a catalogue change or a scan, and not on a single-work change', async () => {
    const { db } = server.ctx.database;
    const generation = await server.ctx.catalogue.generation();
    await checkStatements();
    expect(await server.ctx.catalogue.generation()).toBe(generation);

    await markWorkChanged(db, 100001);
    await checkStatements();
    expect(await server.ctx.catalogue.generation()).toBe(generation);

    await markCatalogueChanged(db);
    await checkStatements();
    expect(await server.ctx.catalogue.generation()).toBe(generation + 1);

    const at = '2026-11-25T00:00:00.000Z';
    await db
      .insertInto('scans')
      .values({
        mode: 'incremental',
        status: 'finished',
        started_at: at,
        heartbeat_at: at,
        owner: 'test',
        counts: '{}',
        cancel_requested: 0,
        errors: '[]',
      })
      .execute();
    await checkStatements();
    expect(await server.ctx.catalogue.generation()).toBe(generation + 2);
  });

  it("asks for a listener's marks while the catalogue check is under way, not after it", async () => {
    const executor = server.ctx.database.db.getExecutor();
    const send = executor.executeQuery.bind(executor);
    let releaseCheck: () => void = () => {};
    const checkHeld = new Promise<void>((done) => (releaseCheck = done));
    const sent: string[] = [];
    const spy = vi
      .spyOn(executor, 'executeQuery')
      .mockImplementation(async <R>(query: CompiledQuery<R>): Promise<QueryResult<R>> => {
        sent.push(query.sql);
        if (query.sql.includes('catalogue_version')) await checkHeld;
        return send(query);
      });
    try {
      server.ctx.catalogue.catalogueChanged();
      const marks = server.ctx.catalogue.marksOf(4242);
      await vi.waitFor(() => expect(sent.some((text) => text.includes('reviews'))).toBe(true));
      releaseCheck();
      expect(await marks).toEqual({ reviewed: new Set(), voted: new Set() });
    } finally {
      releaseCheck();
      spy.mockRestore();
    }
  });
});
