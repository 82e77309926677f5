import type { Work } from '@sasayaki/api-contract';
import type { CompiledQuery, QueryResult } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNTS_ON, bearer, register } from '../helpers/accounts.js';
import { insertWorks } from '../helpers/catalogue-factory.js';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../helpers/test-context.js';

/**
 * Stale while rebuilt (services/catalogue-cache.ts, CatalogueService.page): each batch of the DLsite
 * fetch moves the catalogue version; the next page 1 used to be built on the request path (the count,
 * the ids, the marks, the cards) while the writer held the database. Now it is answered as the version
 * before showed it while one build runs off the request, for at most two seconds, and never so for a
 * listener with fields on one of its works nor after a write made for a request.
 */
describe.each(DATABASE_KINDS)('page 1 while a background job moves the catalogue on %s', (kind) => {
  let server: TestServer;
  let listener: string;
  let other: string;
  const WORKS = [100001, 100002, 100003];

  /**
   * Page-id reads (work.repository.ts `pageIds`), counted; after `hold()` the next one (the page's build
   * off the request) waits for `release()`.
   */
  const pageIdReads = {
    sent: 0,
    holdNext: false,
    gate: Promise.resolve(),
    release: () => {},
    hold() {
      this.holdNext = true;
      this.gate = new Promise<void>((open) => {
        this.release = () => {
          this.holdNext = false;
          open();
        };
      });
    },
  };
  /** Every statement the server sent, in order. */
  const statements: string[] = [];

  beforeAll(async () => {
    server = await startTestServer(kind, ACCOUNTS_ON);
    listener = await register(server, 'listener');
    other = await register(server, 'other');
    await insertWorks(
      server.ctx.database.db,
      WORKS.map((id, index) => ({ id, title: `Work ${id}`, create_date: `2024-01-0${index + 1}` })),
    );
    const executor = server.ctx.database.db.getExecutor();
    const send = executor.executeQuery.bind(executor);
    vi.spyOn(executor, 'executeQuery').mockImplementation(
      async <R>(query: CompiledQuery<R>): Promise<QueryResult<R>> => {
        statements.push(query.sql);
        if (/^select "w"\."id" from "works" as "w"/.test(query.sql)) {
          pageIdReads.sent += 1;
          if (pageIdReads.holdNext) {
            pageIdReads.holdNext = false;
            await pageIdReads.gate;
          }
        }
        return send(query);
      },
    );
  });
  afterEach(async () => {
    pageIdReads.release();
    // The next test starts from page 1 built for the current version, not from pages kept aside.
    const current = await server.ctx.database.db
      .selectFrom('works')
      .select('title')
      .orderBy('create_date', 'desc')
      .execute();
    await vi.waitFor(async () => expect(await titles(other)).toEqual(current.map((work) => work.title)));
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await server?.close();
  });

  const page1 = async (token: string): Promise<Work[]> => {
    const response = await server.app.inject({ method: 'GET', url: '/api/works', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    return response.json().works;
  };
  const titles = async (token: string) => (await page1(token)).map((work) => work.title);

  /** A batch of the fetch job: an answer merged in one transaction that moves the catalogue version. */
  const jobMerges = (
    workId: number,
    data: { title?: string; release?: string },
    origin: 'background' | 'request' = 'background',
  ) =>
    server.ctx.metadata.saveAndRemerge(
      [{ workId, provider: 'workinfo', result: { status: 'ok', data } }],
      origin,
    );
  const jobRenames = (workId: number, title: string, origin: 'background' | 'request' = 'background') =>
    jobMerges(workId, { title }, origin);

  /**
   * A batch of the fetch, and then the version read its commit started (CatalogueCache.expire
   * 'background'), with no request: once it ended, the next request finds the move seen.
   */
  const backgroundBatch = async (batch: () => Promise<void>) => {
    const generation = await server.ctx.catalogue.generation();
    const sent = statements.length;
    await batch();
    await vi.waitFor(() =>
      expect(statements.slice(sent).some((text) => /^select .* from "catalogue_version"/.test(text))).toBe(
        true,
      ),
    );
    await vi.waitFor(async () => expect(await server.ctx.catalogue.generation()).toBeGreaterThan(generation));
  };

  /** Page 1 as the version before a background batch, its build held; the listener saw it built. */
  const heldAfterBackgroundBatch = async (workId: number, title: string) => {
    await page1(listener);
    const before = await titles(other);
    await backgroundBatch(() => jobRenames(workId, title));
    pageIdReads.sent = 0;
    pageIdReads.hold();
    return before;
  };

  /** Page 1 for `token`, once the build it started off the request is under way (and held). */
  const titlesWhileBuilt = async (token: string) => {
    const answer = await titles(token);
    await vi.waitFor(() => expect(pageIdReads.sent).toBe(1));
    return answer;
  };

  it('answers the previous page while one build runs off the request, then the new one', async () => {
    const before = await heldAfterBackgroundBatch(100003, 'Renamed by the job');
    // Each of these is answered while the page's build is held: none of them builds it on its path.
    const answers = await Promise.all([titles(other), titles(listener), titles(other)]);
    expect(answers).toEqual([before, before, before]);
    await vi.waitFor(() => expect(pageIdReads.sent).toBe(1));
    pageIdReads.release();
    await vi.waitFor(async () => expect((await titles(other))[0]).toBe('Renamed by the job'));
    expect(await titles(listener)).toEqual(await titles(other));
    // The build was one for all of them, and the answers after it are that build's bytes.
    expect(pageIdReads.sent).toBe(1);
  });

  it('answers the first page 1 after a batch without a statement on its path', async () => {
    const before = await heldAfterBackgroundBatch(100001, 'Renamed, answered from memory');
    const sent = statements.length;
    expect(await titles(other)).toEqual(before);
    // Neither the version (read when the batch was committed) nor the listener's marks (a batch writes
    // none, they are kept): only the page's build after the answer, held here, reads.
    const onPath = statements.slice(sent).filter((text) => /"catalogue_version"|"work_tag_votes"/.test(text));
    expect(onPath).toEqual([]);
    await vi.waitFor(() => expect(pageIdReads.sent).toBe(1));
  });

  it('answers the previous page for two seconds at most', async () => {
    const before = await heldAfterBackgroundBatch(100003, 'Renamed again');
    expect(await titlesWhileBuilt(other)).toEqual(before);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    let answered = false;
    const late = titles(other).then((answer) => {
      answered = true;
      return answer;
    });
    // Past the bound the request waits for the page to be built: it is never answered the old one.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(answered).toBe(false);
    pageIdReads.release();
    expect((await late)[0]).toBe('Renamed again');
  });

  it('gives a listener their own rating at once, on a page built for them while others get the old one', async () => {
    const [first] = WORKS.slice(-1) as [number];
    const before = await heldAfterBackgroundBatch(100002, 'Renamed while rating');
    expect(await titlesWhileBuilt(other)).toEqual(before);
    const review = await server.app.inject({
      method: 'PUT',
      url: '/api/review',
      headers: bearer(listener),
      payload: { work_id: first, rating: 4 },
    });
    expect(review.statusCode).toBe(200);
    const mine = await page1(listener);
    expect(mine.find((work) => work.id === first)?.userRating).toBe(4);
    expect(mine.map((work) => work.title)).toContain('Renamed while rating');
    expect(await titles(other)).toEqual(before);
  });

  it('answers no previous page after a write made for a request', async () => {
    const before = await heldAfterBackgroundBatch(100001, 'Renamed by the job, then by hand');
    expect(await titlesWhileBuilt(other)).toEqual(before);
    await jobRenames(100002, 'Renamed by hand', 'request');
    const after = await titles(other);
    expect(after).toContain('Renamed by hand');
    expect(after).toContain('Renamed by the job, then by hand');
  });

  it('builds a page asked with playlist marks for the listener, with their fields, never from the kept pages', async () => {
    // By release, one a page: the job brings a work the listener rated to page 1.
    const url = '/api/works?order=release&pageSize=1';
    const ids = async (token: string, query = '') => {
      const response = await server.app.inject({
        method: 'GET',
        url: `${url}${query}`,
        headers: bearer(token),
      });
      return (response.json().works as Work[]).map((work) => [work.id, work.userRating]);
    };
    await jobMerges(100002, { release: '2029-01-01' }, 'request');
    expect(await ids(other)).toEqual([[100002, null]]);
    const rating = { work_id: 100001, rating: 5 };
    const review = await server.app.inject({
      method: 'PUT',
      url: '/api/review',
      headers: bearer(listener),
      payload: rating,
    });
    expect(review.statusCode).toBe(200);
    pageIdReads.sent = 0;
    pageIdReads.hold();
    await backgroundBatch(() => jobMerges(100001, { release: '2030-01-01' }));
    expect(await ids(other)).toEqual([[100002, null]]);
    await vi.waitFor(() => expect(pageIdReads.sent).toBe(1));
    const playlist = '&withPlaylistStatus[]=00000000-0000-4000-8000-000000000000';
    expect(await ids(listener, playlist)).toEqual([[100001, 5]]);
    // The kept page shows no work of theirs: it is theirs to see, as a moment ago.
    expect(await ids(listener)).toEqual([[100002, null]]);
  });
});
