import { describe, expect, it } from 'vitest';
import { CatalogueCache } from '../../src/services/catalogue-cache.js';

describe('CatalogueCache', () => {
  const setUp = () => {
    let version = 'a';
    let now = 0;
    let reads = 0;
    const cache = new CatalogueCache(
      async () => {
        reads += 1;
        return { version, workChanges: 0, writes: 0 };
      },
      () => now,
      1_000,
    );
    return {
      cache,
      moveVersion: (next: string) => {
        version = next;
      },
      advance: (ms: number) => {
        now += ms;
      },
      reads: () => reads,
    };
  };

  it('reads the version at most once per interval', async () => {
    const { cache, advance, reads } = setUp();
    await Promise.all([cache.refresh(), cache.refresh()]);
    await cache.refresh();
    expect(reads()).toBe(1);
    advance(1_000);
    await cache.refresh();
    expect(reads()).toBe(2);
  });

  it('forgets everything and starts a new generation when the version moves', async () => {
    const { cache, advance, moveVersion } = setUp();
    await cache.refresh();
    const first = cache.generation;
    cache.counts.set('all', 3);
    cache.pages.set('all|1', [1, 2, 3]);
    cache.encodedPages.set(`${first}|page`, { json: '{}', gzip: Buffer.alloc(0), workIds: [] });
    advance(1_000);
    await cache.refresh();
    expect(cache.generation).toBe(first);
    expect(cache.counts.get('all')).toBe(3);
    moveVersion('b');
    advance(1_000);
    await cache.refresh();
    expect(cache.generation).toBe(first + 1);
    expect([cache.counts.size, cache.pages.size, cache.works.size, cache.encodedPages.size]).toEqual([
      0, 0, 0, 0,
    ]);
  });

  it('forgets the label lists and labels and tells its owner each time the version moves', async () => {
    let now = 0;
    let version = 'a';
    let moves = 0;
    const cache = new CatalogueCache(
      async () => ({ version, workChanges: 0, writes: 0 }),
      () => now,
      1_000,
      () => {
        moves += 1;
      },
    );
    await cache.refresh();
    expect(moves).toBe(1);
    const answer = { json: '[]', gzip: Buffer.alloc(0), br: Buffer.alloc(0), etag: 'W/"x"' };
    cache.labelLists.set('tags', Promise.resolve(answer));
    cache.labels.set('tags:1', { id: 1, name: '癒し' });
    now += 1_000;
    await cache.refresh();
    expect([moves, cache.labelLists.size, cache.labels.size]).toEqual([1, 1, 1]);
    version = 'b';
    now += 1_000;
    await cache.refresh();
    expect([moves, cache.labelLists.size, cache.labels.size]).toEqual([2, 0, 0]);
  });

  it('reads the version at once after this process expired it, even while an older check is in flight', async () => {
    let version = 'a';
    let release: () => void = () => {};
    let reads = 0;
    const cache = new CatalogueCache(
      async () => {
        reads += 1;
        const seen = version;
        if (reads === 2) await new Promise<void>((resolve) => (release = resolve));
        return { version: seen, workChanges: 0, writes: 0 };
      },
      () => 0,
      1_000,
    );
    await cache.refresh();
    cache.works.set(1, {} as never);
    // Within the interval nothing is read: a write elsewhere shows up to a second later.
    await cache.refresh();
    expect(reads).toBe(1);

    cache.expire();
    const inFlight = cache.refresh(); // reads 'a' and waits
    version = 'b'; // this process's write commits while that read is under way
    cache.expire();
    release();
    await inFlight;
    expect(reads).toBe(3);
    expect(cache.works.get(1)).toBeUndefined();
  });

  it('drops only the works a single-work change names, and the encoded pages that show them', async () => {
    let changes = 0;
    let kept: Array<{ seq: number; work: number }> = [];
    const cache = new CatalogueCache(
      async () => ({ version: 'v1', workChanges: changes, writes: 0 }),
      () => 0,
      0,
      () => {},
      {
        worksBetween: async (after, upTo) => {
          const rows = kept.filter((row) => row.seq > after && row.seq <= upTo);
          return rows.length === upTo - after ? rows.map((row) => row.work) : null;
        },
      },
    );
    await cache.refresh();
    const generation = cache.generation;
    const fill = () => {
      for (const id of [1, 2, 3]) cache.works.set(id, { id } as never);
      cache.pages.set('all', [1, 2, 3]);
      cache.encodedPages.set('shows 1', { json: '', gzip: Buffer.alloc(0), workIds: [1, 2] });
      cache.encodedPages.set('shows 3', { json: '', gzip: Buffer.alloc(0), workIds: [3] });
    };
    fill();
    const epoch = cache.currentEpoch();
    changes = 1;
    kept = [{ seq: 1, work: 1 }];
    await cache.refresh();
    expect(cache.works.get(1)).toBeUndefined();
    expect(cache.works.get(2)).toBeDefined();
    expect(cache.encodedPages.get('shows 1')).toBeUndefined();
    expect(cache.encodedPages.get('shows 3')).toBeDefined();
    expect(cache.pages.get('all')).toEqual([1, 2, 3]);
    // Derived indexes keyed on the generation are not rebuilt; reads begun before the drop are not kept.
    expect(cache.generation).toBe(generation);
    expect(cache.isCurrent(epoch)).toBe(false);

    // Changes pruned before this process read them: it cannot tell which works, so it drops everything.
    fill();
    changes = 3;
    kept = [{ seq: 3, work: 2 }];
    await cache.refresh();
    expect([cache.works.size, cache.pages.size, cache.encodedPages.size]).toEqual([0, 0, 0]);
    expect(cache.generation).toBe(generation + 1);
  });
});
