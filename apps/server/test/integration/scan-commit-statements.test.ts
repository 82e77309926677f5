import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { CompiledQuery, Kysely, PluginTransformQueryArgs, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/schema.js';
import { ScanJob } from '../../src/jobs/scan-job.js';
import { WorkMetadataStore } from '../../src/metadata/work-metadata-store.js';
import { AudioTagRepository } from '../../src/repositories/audio-tag.repository.js';
import {
  CatalogueWriteRepository,
  type LabelWriter,
  type Trx,
} from '../../src/repositories/catalogue-write.repository.js';
import { FolderWorkIdRepository } from '../../src/repositories/folder-work-id.repository.js';
import { createAudioReader } from '../../src/scanner/read-audio-headers.js';
import { runScanPipeline } from '../../src/scanner/scan-pipeline.js';
import { StatementCounter } from '../helpers/statement-counter.js';
import {
  DATABASE_KINDS,
  type DatabaseKind,
  startTestServer,
  type TestServer,
} from '../helpers/test-context.js';

/** Counts every statement, and keeps those sent in commits. */
class CommitStatementCounter extends StatementCounter {
  /** Open commit transactions (`CountedCatalogue`): their statements are kept, compiled. */
  inCommit = 0;
  readonly committed: CompiledQuery[] = [];
  constructor(private readonly db: Kysely<Database>) {
    super();
  }
  override transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (this.inCommit > 0) this.committed.push(this.db.getExecutor().compileQuery(args.node, args.queryId));
    return super.transformQuery(args);
  }
}

/** The scan's catalogue writer, telling the counter when a commit transaction is open. */
class CountedCatalogue extends CatalogueWriteRepository {
  constructor(
    db: Kysely<Database>,
    kind: DatabaseKind,
    private readonly counter: CommitStatementCounter,
  ) {
    super(db, kind);
  }
  override async transaction<T>(write: (trx: Trx, labels: LabelWriter) => Promise<T>): Promise<T> {
    this.counter.inCommit++;
    try {
      return await super.transaction(write);
    } finally {
      this.counter.inCommit--;
    }
  }
}

/**
 * Issue 15 item 7: scanning a work must not cost more as the library grows. A scan commits its works a
 * batch at a time (scanner/commit-batches.ts), each batch in a constant number of statements: 50 new works
 * cost what 5 do, and 50 new works cost no more in a library of 355 works than in one of 5.
 */
describe.each(DATABASE_KINDS)('the scan commit on %s', (kind) => {
  let server: TestServer;
  let root: string;
  let nextId = 1_300_000;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'sasayaki-scan-statements-'));
    server = await startTestServer(kind, { SASAYAKI_LIBRARY: root });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(root, { recursive: true, force: true });
  });

  /** Adds `count` work folders of one circle (text files only: nothing to decode), each new to the catalogue. */
  function addWorks(count: number): void {
    for (let i = 0; i < count; i++) {
      const id = nextId++;
      const dir = join(root, `RJ0${id} [Statement Circle] Quiet night ${id}`);
      mkdirSync(join(dir, 'text'), { recursive: true });
      writeFileSync(join(dir, 'readme.txt'), `work ${id}\n`);
      writeFileSync(join(dir, 'text', 'script.txt'), `script of ${id}\n`);
    }
  }

  /** An incremental scan of the library through a database that counts statements; returns them. */
  async function scanCounted(): Promise<{ statements: number; committed: CompiledQuery[]; job: ScanJob }> {
    const counter = new CommitStatementCounter(server.ctx.database.db);
    const db = server.ctx.database.db.withPlugin(counter);
    const catalogue = new CountedCatalogue(db, kind, counter);
    const now = () => new Date().toISOString();
    const job = new ScanJob();
    const status = await runScanPipeline(
      'incremental',
      // One batch however slowly the machine reads: the count does not depend on the timer.
      {
        libraryDirs: [root],
        maxDepth: 5,
        concurrency: 4,
        commitLimits: { maxWorks: 100, maxWaitMs: 600_000 },
      },
      {
        catalogue,
        metadata: new WorkMetadataStore({
          db,
          catalogue,
          providerOrder: () => server.config.metadata.providers,
          catalogueChanged: () => {},
          now,
        }),
        folderIds: new FolderWorkIdRepository(db),
        audioTags: new AudioTagRepository(db),
        covers: server.ctx.covers,
        audio: createAudioReader(server.config.ffprobePath),
        now,
      },
      job,
    );
    expect(status).toBe('finished');
    expect(job.errors).toEqual([]);
    return { statements: counter.count, committed: counter.committed, job };
  }

  it('sends as many statements for 50 new works as for 5, and no more in a larger library', async () => {
    addWorks(5);
    const five = await scanCounted();
    expect(five.job.counts).toMatchObject({ found: 5, added: 5, failed: 0 });

    addWorks(50);
    const fifty = await scanCounted();
    expect(fifty.job.counts).toMatchObject({ found: 55, added: 50, updated: 0, failed: 0 });
    // A transaction per work sent about twenty statements a work (over a thousand here).
    expect(fifty.statements).toBeLessThanOrEqual(five.statements);

    addWorks(300);
    await scanCounted();
    addWorks(50);
    const later = await scanCounted();
    expect(later.job.counts).toMatchObject({ found: 405, added: 50, updated: 0, failed: 0 });
    expect(later.statements).toBeLessThanOrEqual(fifty.statements);

    const works = await server.ctx.database.db
      .selectFrom('works')
      .innerJoin('circles', 'circles.id', 'works.circle_id')
      .select(['works.id', 'works.title', 'circles.name'])
      .where('works.missing', '=', 0)
      .execute();
    expect(works).toHaveLength(405);
    expect(
      works.every((work) => work.name === 'Statement Circle' && work.title.startsWith('Quiet night')),
    ).toBe(true);
    const files = await server.ctx.database.db
      .selectFrom('files')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(files.n)).toBe(405 * 2);
  }, 120_000);

  it.runIf(kind === 'sqlite')(
    'commits through indexes only: no statement of a commit reads a whole table (EXPLAIN QUERY PLAN)',
    async () => {
      addWorks(20);
      const { committed, job } = await scanCounted();
      expect(job.counts.added).toBe(20);
      expect(committed.length).toBeGreaterThan(5);
      const { database } = server.config;
      if (database.kind !== 'sqlite') throw new Error("EXPLAIN QUERY PLAN is SQLite's");
      const sqlite = new SqliteDatabase(database.file, { readonly: true });
      try {
        const tables = (
          sqlite.prepare(`SELECT name FROM sqlite_schema WHERE type = 'table'`).all() as Array<{
            name: string;
          }>
        ).map((row) => row.name);
        // A multi-row insert's plan lists a scan of each table whose foreign key points at the target
        // without an index (playback history): the check of deferred violations, which SQLite skips while
        // none is pending (OP_FkIfZero), as here. It never runs for a scan's rows.
        const childrenOf = (parent: string) =>
          tables.filter((table) =>
            (sqlite.pragma(`foreign_key_list(${table})`) as Array<{ table: string }>).some(
              (key) => key.table === parent,
            ),
          );
        const scans = committed.flatMap((query) => {
          const target = /^insert into "(\w+)"/.exec(query.sql)?.[1];
          const skipped = new Set(target ? childrenOf(target) : []);
          return (
            sqlite.prepare(`EXPLAIN QUERY PLAN ${query.sql}`).all(...query.parameters) as Array<{
              detail: string;
            }>
          )
            .map((row) => /^SCAN (\S+)/.exec(row.detail)?.[1])
            .filter(
              (table): table is string =>
                table !== undefined && tables.includes(table) && !skipped.has(table),
            )
            .map((table) => `${table} in ${query.sql}`);
        });
        expect(scans).toEqual([]);
      } finally {
        sqlite.close();
      }
    },
    120_000,
  );
});
