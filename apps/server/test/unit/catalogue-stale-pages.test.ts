import { describe, expect, it } from 'vitest';
import { CatalogueCache, type EncodedPage } from '../../src/services/catalogue-cache.js';

const PAGE: EncodedPage = { json: '{"works":[]}', gzip: Buffer.alloc(0), workIds: [1, 2] };

/** The check a background write starts off the request path (`expire('background')`), done. */
const checkedAhead = async () => {
  for (let i = 0; i < 2; i++) await new Promise((resolve) => setImmediate(resolve));
};

/**
 * Stale while rebuilt (services/catalogue-cache.ts): after a background move (a scan's heartbeat, this
 * process's DLsite fetch) the previous version's encoded pages are answerable for `maxStaleMs` from when
 * the move was seen; never after a write made for a request of this process, another process's write, or
 * a single-work change.
 */
describe('CatalogueCache: the previous version’s pages after a move', () => {
  const setUp = () => {
    let scanMark = 'scan 1';
    let writes = 0;
    let workChanges = 0;
    let now = 0;
    const cache = new CatalogueCache(
      async () => ({ version: `${scanMark}|${writes}`, workChanges, writes }),
      () => now,
      1_000,
      () => {},
      { worksBetween: async () => [2] },
      2_000,
    );
    /** Page 1 kept for the current version, as CatalogueService keeps it. */
    const keepPage = () => cache.encodedPages.set(`${cache.generation}|page-1`, PAGE);
    return {
      cache,
      keepPage,
      /** A running scan's heartbeat. */
      heartbeat: () => {
        scanMark += '+';
      },
      /** A writer outside scans: this process's, which then calls `expire`, or another process's. */
      write: () => {
        writes += 1;
      },
      changeWork: () => {
        workChanges += 1;
      },
      advance: (ms: number) => {
        now += ms;
      },
    };
  };

  it('answers them for the bound after this process’s background job moved the version', async () => {
    const { cache, keepPage, write, advance } = setUp();
    await cache.refresh();
    keepPage();
    expect(cache.stalePage('page-1')).toBeUndefined();
    write();
    cache.expire('background');
    await checkedAhead();
    expect(cache.encodedPages.size).toBe(0);
    expect(cache.stalePage('page-1')).toBe(PAGE);
    expect(cache.stalePage('page-2')).toBeUndefined();
    advance(1_999);
    expect(cache.stalePage('page-1')).toBe(PAGE);
    advance(1);
    expect(cache.stalePage('page-1')).toBeUndefined();
  });

  it('answers them after a scan’s heartbeat, seen by the once-a-second check', async () => {
    const { cache, keepPage, heartbeat, advance } = setUp();
    await cache.refresh();
    keepPage();
    heartbeat();
    advance(1_000);
    await cache.refresh();
    expect(cache.stalePage('page-1')).toBe(PAGE);
  });

  it('keeps none after another process’s write: it shows at the first request after the check', async () => {
    const { cache, keepPage, heartbeat, write, advance } = setUp();
    await cache.refresh();
    keepPage();
    heartbeat();
    write();
    advance(1_000);
    await cache.refresh();
    expect(cache.stalePage('page-1')).toBeUndefined();
  });

  it('keeps the deadline of pages kept aside when another move comes before any was built again', async () => {
    const { cache, keepPage, write, advance } = setUp();
    await cache.refresh();
    keepPage();
    write();
    cache.expire('background');
    await checkedAhead();
    advance(1_500);
    write();
    cache.expire('background');
    await checkedAhead();
    expect(cache.stalePage('page-1')).toBe(PAGE);
    advance(500);
    expect(cache.stalePage('page-1')).toBeUndefined();
  });

  it('answers none once a request’s write of this process came, even before the version is read', async () => {
    const { cache, keepPage, write } = setUp();
    await cache.refresh();
    keepPage();
    write();
    cache.expire('background');
    await checkedAhead();
    expect(cache.stalePage('page-1')).toBe(PAGE);
    write();
    cache.expire('request');
    expect(cache.stalePage('page-1')).toBeUndefined();
    await cache.refresh();
    expect(cache.stalePage('page-1')).toBeUndefined();
  });

  it('keeps none when the move follows a request’s write, even during a scan', async () => {
    const { cache, keepPage, heartbeat, write } = setUp();
    await cache.refresh();
    keepPage();
    heartbeat();
    write();
    cache.expire();
    await cache.refresh();
    expect(cache.stalePage('page-1')).toBeUndefined();
  });

  it('drops them when a single work changes (a tag vote)', async () => {
    const { cache, keepPage, write, changeWork, advance } = setUp();
    await cache.refresh();
    keepPage();
    write();
    cache.expire('background');
    await checkedAhead();
    changeWork();
    advance(1_000);
    await cache.refresh();
    expect(cache.stalePage('page-1')).toBeUndefined();
  });
});
