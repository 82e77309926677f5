import { CompiledQuery, type Kysely, type KyselyPlugin, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DialectKind } from '../../src/db/dialect.js';
import type { Database } from '../../src/db/schema.js';
import { PlaylistRepository } from '../../src/repositories/playlist.repository.js';
import { insertWorks } from '../helpers/catalogue-factory.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../helpers/test-context.js';

const WORKS = 2_000;
const HELD = 300;
const PLAYLIST = 'page-plan-playlist';

/** Records the statements a repository sends, compiled as the database gets them. */
function recorder(db: Kysely<Database>): { db: Kysely<Database>; sent: CompiledQuery[] } {
  const sent: CompiledQuery[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      sent.push(db.getExecutor().compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { db: db.withPlugin(plugin), sent };
}

/**
 * Rows of `works` PostgreSQL's executed plan read, kept or filtered out, over every loop of every node on
 * the table (a scan's rows, or one probe a loop of a nested loop).
 */
function worksRowsRead(plan: unknown): number {
  if (Array.isArray(plan)) return plan.reduce<number>((sum, node) => sum + worksRowsRead(node), 0);
  if (plan === null || typeof plan !== 'object') return 0;
  const node = plan as Record<string, unknown>;
  const own =
    node['Relation Name'] === 'works'
      ? (Number(node['Actual Rows']) + Number(node['Rows Removed by Filter'] ?? 0)) *
        Number(node['Actual Loops'])
      : 0;
  return own + Object.values(node).reduce<number>((sum, child) => sum + worksRowsRead(child), 0);
}

/**
 * A page of a playlist (`get-playlist-works`) reads the works of that page, not all the playlist's: with
 * `+w.missing` PostgreSQL expected two rows, joined and sorted the playlist's every work (p50 6 ms at
 * 200 works in the bench), and its count probed the works once per playlist row.
 */
describe.each(DATABASE_KINDS)('the playlist page plan on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
    const { db } = server.ctx.database;
    await insertWorks(
      db,
      Array.from({ length: WORKS }, (_, i) => ({ id: 100_001 + i, title: `Work ${i}`, missing: i === 7 })),
    );
    const [user] = await db.selectFrom('users').select('id').limit(1).execute();
    const now = new Date().toISOString();
    await db
      .insertInto('playlists')
      .values({
        id: PLAYLIST,
        user_id: user?.id as number,
        name: 'plan',
        description: '',
        privacy: 2,
        locale: 'ja-jp',
        created_at: now,
        updated_at: now,
      })
      .execute();
    // Every sixth work, in reverse order of id; the missing one (100,008) is among them.
    await db
      .insertInto('playlist_works')
      .values(
        Array.from({ length: HELD }, (_, i) => ({
          playlist_id: PLAYLIST,
          work_id: 100_001 + 7 + ((i * 6) % WORKS),
          position: HELD - i,
          added_at: now,
        })),
      )
      .execute();
    await sql`ANALYZE`.execute(db);
  });
  afterAll(() => server?.close());

  it('answers the page in order without the missing work, and counts the present ones', async () => {
    const repository = new PlaylistRepository(server.ctx.database.db, kind as DialectKind);
    const held = Array.from({ length: HELD }, (_, i) => 100_008 + ((i * 6) % WORKS)).reverse();
    const present = held.filter((id) => id !== 100_008);
    expect(await repository.workPage(PLAYLIST, 0, 12)).toEqual({
      ids: present.slice(0, 12),
      total: HELD - 1,
    });
    expect(await repository.workPage(PLAYLIST, 288, 12)).toEqual({
      ids: present.slice(288),
      total: HELD - 1,
    });
  });

  it('reads a page and its count without visiting every work of the playlist', async () => {
    const { db, sent } = recorder(server.ctx.database.db);
    await new PlaylistRepository(db, kind as DialectKind).workPage(PLAYLIST, 0, 12);
    expect(sent).toHaveLength(2);
    for (const query of sent) {
      if (kind === 'postgres') {
        const { rows } = await server.ctx.database.db.executeQuery<{ 'QUERY PLAN': unknown }>(
          CompiledQuery.raw(`EXPLAIN (ANALYZE, FORMAT JSON) ${query.sql}`, [...query.parameters]),
        );
        const plan = rows[0]?.['QUERY PLAN'];
        // The page: its twelve works and the next one; the count: the missing work. Before: the 300 of
        // the playlist probed one by one, or the 2,000 works hashed.
        expect(worksRowsRead(plan), JSON.stringify(plan)).toBeLessThanOrEqual(20);
      } else {
        const { rows } = await server.ctx.database.db.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]),
        );
        // No walk of all the works (the reason for SQLite's `+w.missing`).
        expect(rows.map((row) => row.detail).join('\n')).not.toMatch(/SCAN (w|works)\b/);
      }
    }
  });
});
