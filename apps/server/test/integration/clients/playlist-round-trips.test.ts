import type { Playlist } from '@sasayaki/api-contract';
import type { CompiledQuery, QueryResult } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS_ON, bearer, register } from '../../helpers/accounts.js';
import { insertWorks } from '../../helpers/catalogue-factory.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../../helpers/test-context.js';

interface Sent {
  sql: string;
  start: number;
  end: number;
}

/**
 * Reads made at most once a second whoever asks (the server's checks, the listener's marks): whether one
 * lands in the measured request depends on the clock, not on the route.
 */
const BACKGROUND = /"settings"|"catalogue_version"|"scans"|"reviews"|"work_tag_votes"/;

/**
 * Round trips in a row: a statement sent after another one's answer came is one deeper. On PostgreSQL
 * each is a wait on the network and on a backend (bench/README.md, "Playlists").
 */
function depth(sent: Sent[]): number {
  const depths: number[] = [];
  for (const [index, query] of sent.entries()) {
    const before = sent.flatMap((other, at) => (other.end < query.start ? [depths[at] ?? 0] : []));
    depths[index] = 1 + Math.max(0, ...before);
  }
  return Math.max(0, ...depths);
}

/**
 * What `get-playlist-works` and `add-works-to-playlist` ask the database (issue 13's p99 < 10 ms at
 * 100,000 works on PostgreSQL): the page beside the playlist, then the cards; the add's checks side by
 * side, then its transaction, whose last statement answers the playlist.
 */
describe.each(DATABASE_KINDS)('playlist round trips on %s', (kind) => {
  let server: TestServer;
  let alice: Record<string, string>;
  let playlist: Playlist;

  /** Every statement the request sends (transactions' too), with a logical clock of starts and ends. */
  const statementsOf = async (request: () => Promise<unknown>): Promise<Sent[]> => {
    const executor = Object.getPrototypeOf(server.ctx.database.db.getExecutor());
    const original = executor.executeQuery;
    const sent: Sent[] = [];
    let clock = 0;
    executor.executeQuery = async function (this: unknown, query: CompiledQuery, ...rest: unknown[]) {
      const entry = { sql: query.sql, start: clock++, end: Number.POSITIVE_INFINITY };
      sent.push(entry);
      try {
        return (await original.call(this, query, ...rest)) as QueryResult<unknown>;
      } finally {
        entry.end = clock++;
      }
    };
    try {
      await request();
    } finally {
      executor.executeQuery = original;
    }
    return sent.filter((query) => !BACKGROUND.test(query.sql));
  };

  beforeAll(async () => {
    server = await startTestServer(kind, ACCOUNTS_ON);
    await insertWorks(
      server.ctx.database.db,
      Array.from({ length: 40 }, (_, i) => ({ id: 100_001 + i, title: `Work ${i}` })),
    );
    alice = bearer(await register(server, 'alice01'));
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/playlist/create-playlist',
      headers: alice,
      payload: { name: 'Mine', privacy: 2, works: Array.from({ length: 30 }, (_, i) => 100_001 + i) },
    });
    expect(created.statusCode, created.body).toBe(200);
    playlist = created.json();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('asks a page beside its playlist: one round trip when the cards are cached', async () => {
    // The second request is measured: the first made the cards the catalogue keeps.
    const page = () =>
      server.app.inject({
        method: 'GET',
        url: `/api/playlist/get-playlist-works?id=${playlist.id}&page=1&pageSize=12`,
        headers: alice,
      });
    await page();
    let answer: Awaited<ReturnType<typeof page>> | undefined;
    const sent = await statementsOf(async () => {
      answer = await page();
    });
    expect(answer?.statusCode).toBe(200);
    expect(answer?.json().works.map((work: { id: number }) => work.id)).toEqual(
      Array.from({ length: 12 }, (_, i) => 100_001 + i),
    );
    expect(answer?.json().pagination).toMatchObject({ totalCount: 30 });
    expect(depth(sent), JSON.stringify(sent)).toBe(1);
  });

  it('adds a work in six statements, five in a row, and answers the playlist from its last', async () => {
    let answer: Awaited<ReturnType<typeof server.app.inject>> | undefined;
    const sent = await statementsOf(async () => {
      answer = await server.app.inject({
        method: 'POST',
        url: '/api/playlist/add-works-to-playlist',
        headers: alice,
        payload: { id: playlist.id, works: [100_035] },
      });
    });
    expect(answer?.statusCode, answer?.body).toBe(200);
    expect(answer?.json()).toMatchObject({
      id: playlist.id,
      user_name: 'alice01',
      works_count: 31,
      latestWorkID: 100_035,
      name: 'Mine',
    });
    // The playlist and the works side by side; then the lock, the held ones with the last position, the
    // insert and the counts that answer the row (begin and commit are the driver's).
    expect(sent).toHaveLength(6);
    expect(depth(sent), JSON.stringify(sent)).toBe(5);
    const listed = await server.app.inject({
      method: 'GET',
      url: `/api/playlist/get-playlist-metadata?id=${playlist.id}`,
      headers: alice,
    });
    expect(listed.json()).toEqual({ ...answer?.json(), works: null });
  });

  it('answers the playlist after a removal with its counts and the latest work left', async () => {
    const answer = await server.app.inject({
      method: 'POST',
      url: '/api/playlist/remove-works-from-playlist',
      headers: alice,
      payload: { id: playlist.id, works: [100_035] },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ works_count: 30, latestWorkID: 100_030 });
    const listed = await server.app.inject({
      method: 'GET',
      url: `/api/playlist/get-playlist-metadata?id=${playlist.id}`,
      headers: alice,
    });
    expect(listed.json()).toEqual({ ...answer.json(), works: null });
  });
});
