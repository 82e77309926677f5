import { describe, expect, it } from 'vitest';
import type { CatalogueState } from '../../src/repositories/catalogue-version.js';
import type { FileRepository } from '../../src/repositories/file.repository.js';
import type { LabelRepository } from '../../src/repositories/label.repository.js';
import type { WorkRepository } from '../../src/repositories/work.repository.js';
import { CatalogueService } from '../../src/services/catalogue.service.js';
import { CatalogueCache } from '../../src/services/catalogue-cache.js';
import { UserMarks } from '../../src/services/user-marks.js';

/** Lets the reads started off the request path (setImmediate) run and end. */
const offTheRequest = async () => {
  for (let i = 0; i < 2; i++) await new Promise((resolve) => setImmediate(resolve));
};

/**
 * What a request waits for during the DLsite fetch (services/catalogue-cache.ts, "Read ahead"): each batch
 * moves the catalogue version; the first request after it used to read the version on its path, then
 * the listener's marks again. The version is now read when the batch is committed and, while requests
 * come, before it is a second old; a background move keeps the listener's marks.
 */
describe('the catalogue read ahead of the requests', () => {
  const setUp = () => {
    let now = 0;
    let state: CatalogueState = { version: 'v|0', workChanges: 0, writes: 0 };
    /** When set, the version reads wait for it: a read on the request path would never end. */
    let held: Promise<void> | null = null;
    let reads = 0;
    const cache = new CatalogueCache(
      async () => {
        reads += 1;
        const read = state;
        if (held) await held;
        return read;
      },
      () => now,
      1_000,
    );
    return {
      cache,
      reads: () => reads,
      advance: (ms: number) => {
        now += ms;
      },
      /** A write outside scans (this process's, which then calls `expire`, or another's). */
      write: () => {
        state = { ...state, version: `v|${state.writes + 1}`, writes: state.writes + 1 };
      },
      holdReads: () => {
        let open = () => {};
        held = new Promise<void>((resolve) => {
          open = resolve;
        });
        return () => {
          held = null;
          open();
        };
      },
    };
  };

  /** Whether `promise` settles before a read held by the test could have ended. */
  const settlesAtOnce = async (promise: Promise<unknown>) =>
    Promise.race([promise.then(() => true), offTheRequest().then(() => false)]);

  it('reads the version when a background job’s write is committed, and no request waits for it', async () => {
    const { cache, reads, write, holdReads } = setUp();
    await cache.refresh();
    const generation = cache.generation;
    write();
    const release = holdReads();
    cache.expire('background');
    expect(await settlesAtOnce(cache.refresh())).toBe(true);
    await offTheRequest();
    expect(reads()).toBe(2);
    release();
    await offTheRequest();
    expect(cache.generation).toBe(generation + 1);
    expect(await settlesAtOnce(cache.refresh())).toBe(true);
  });

  it('reads the version again once it is half a second old, after the answer at hand', async () => {
    const { cache, reads, advance, holdReads } = setUp();
    await cache.refresh();
    advance(499);
    await cache.refresh();
    await offTheRequest();
    expect(reads()).toBe(1);
    advance(1);
    const release = holdReads();
    expect(await settlesAtOnce(cache.refresh())).toBe(true);
    await offTheRequest();
    expect(reads()).toBe(2);
    release();
    await offTheRequest();
    // A request a second after the first read waits for nothing: the version read ahead is half as old.
    advance(500);
    expect(await settlesAtOnce(cache.refresh())).toBe(true);
  });

  it('still waits for the version after a write made for a request, and when it is a second old', async () => {
    const { cache, advance, write, holdReads } = setUp();
    await cache.refresh();
    write();
    cache.expire('request');
    let release = holdReads();
    expect(await settlesAtOnce(cache.refresh())).toBe(false);
    release();
    await offTheRequest();
    advance(1_000);
    release = holdReads();
    expect(await settlesAtOnce(cache.refresh())).toBe(false);
    release();
  });

  it('keeps a listener’s marks across a background move, and reads them again after any other move', async () => {
    const { cache, advance, write } = setUp();
    const asked = { marks: 0 };
    const works = {
      async reviewsMark() {
        return '0|';
      },
      async markedWorks() {
        asked.marks += 1;
        return { reviewed: [], voted: [], reviewsMark: '0|' };
      },
    } as unknown as WorkRepository;
    const catalogue = new CatalogueService(works, {} as LabelRepository, {} as FileRepository, {
      cache,
      marks: new UserMarks(works, () => 0, 1_000),
    });
    await cache.refresh();
    await catalogue.marksOf(7);
    expect(asked.marks).toBe(1);
    write();
    catalogue.catalogueChanged('background');
    await offTheRequest();
    await catalogue.marksOf(7);
    expect(asked.marks).toBe(1);
    // Another process's write may have moved a listener's reviews to a new code: read again.
    write();
    advance(1_000);
    await catalogue.marksOf(7);
    expect(asked.marks).toBe(2);
  });
});
